/**
 * One write path per content kind (decision 084): a slider, a collection and the profile written
 * by the content command and by the back office leave the same audit event (the row's id as the
 * subject; the command's slider number as `position` in the detail) and the same change notice,
 * and a write that changes nothing leaves neither. Both dialects.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { listSliderRows } from "../../db/queries/slider.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { runContentCli } from "../cli/content.ts";
import { onContentChange } from "../content-changes.ts";
import { createAdminContent } from "../staff/content.ts";

const silent = { warn() {} };

describe.each(testDialects)("the content command and the back office on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let imageDir: string;
  let cwd: string;
  let notices = 0;
  let stopListening: () => void;
  const owner: StaffSession = {
    user: { id: 1, email: "owner@example.com", role: "owner" } as StaffSession["user"],
    csrfToken: "x",
  };
  const office = () => createAdminContent({ database: test.handle, imageDir, log: silent });

  /** Runs the command as `npm run content` would, its change notice the real one (no Redis). */
  async function command(...args: string[]) {
    let stderr = "";
    const code = await runContentCli(args, {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
      },
      env: { NODE_ENV: "test", DATABASE_URL: test.url, IMAGE_DIR: imageDir },
      cwd,
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
  }

  /** The audit events and change notices `write` left. */
  async function written(write: () => Promise<unknown>) {
    const last = await db
      .selectFrom("audit_event")
      .select("id")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    const heard = notices;
    await write();
    const rows = await db
      .selectFrom("audit_event")
      .selectAll()
      .where("id", ">", last?.id ?? 0)
      .orderBy("id")
      .execute();
    return {
      notices: notices - heard,
      events: rows.map((row) => ({
        actor: row.actor_email,
        action: row.action,
        subjectType: row.subject_type,
        subjectId: row.subject_id,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
      })),
    };
  }

  async function lastSlider() {
    const slider = (await listSliderRows(db)).at(-1);
    if (slider === undefined) throw new Error("a slider was added");
    return slider;
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    imageDir = createTestImageDir();
    cwd = mkdtempSync(join(tmpdir(), "homes-content-writes-"));
    // Large enough for the back office's slider rule (1200 × 400), so both take the same file.
    await sharp({ create: { width: 1280, height: 480, channels: 3, background: "#2a6f97" } })
      .png()
      .toFile(join(cwd, "banner.png"));
    stopListening = onContentChange(() => {
      notices += 1;
    });
  });
  afterAll(async () => {
    stopListening?.();
    await test?.drop();
  });

  it("adds a slider: its id is the subject, its title and image the detail, one notice", async () => {
    const banner = readFileSync(join(cwd, "banner.png"));
    const byCommand = await written(() =>
      command("slider", "add", "--title", "From the command", "--image", "banner.png"),
    );
    const commandSlider = await lastSlider();
    const byOffice = await written(() =>
      office().addSlider(
        owner,
        { title: "From the office", link: "/" },
        new File([new Uint8Array(banner)], "banner.png", { type: "image/png" }),
      ),
    );
    const officeSlider = await lastSlider();
    // The same file is stored once, under the same name, by either.
    expect(officeSlider.image_url).toBe(commandSlider.image_url);
    const event = (actor: string, id: number, title: string) => ({
      notices: 1,
      events: [
        {
          actor,
          action: "slider.add",
          subjectType: "slider",
          subjectId: String(id),
          detail: { title, image: commandSlider.image_url },
        },
      ],
    });
    expect(byCommand).toEqual(event("cli", commandSlider.id, "From the command"));
    expect(byOffice).toEqual(event("owner@example.com", officeSlider.id, "From the office"));
  });

  it("replaces a slider: the changes before and after; the command's number in `position`", async () => {
    const slider = await lastSlider();
    const number = (await listSliderRows(db)).length;
    const byCommand = await written(() =>
      command("slider", "replace", String(number), "--title", "Renamed by the command"),
    );
    const opened = office();
    const current = await opened.slider(owner, slider.id);
    const byOffice = await written(() =>
      opened.saveSlider(
        owner,
        slider.id,
        current?.version ?? "",
        { title: "Renamed in the office", link: slider.link },
        null,
      ),
    );
    const event = (actor: string, before: string, after: string) => ({
      actor,
      action: "slider.replace",
      subjectType: "slider",
      subjectId: String(slider.id),
      detail: { title: after, changes: { title: { before, after } } },
    });
    expect(byCommand).toEqual({
      notices: 1,
      events: [
        {
          ...event("cli", slider.title, "Renamed by the command"),
          detail: {
            ...event("cli", slider.title, "Renamed by the command").detail,
            position: number,
          },
        },
      ],
    });
    expect(byOffice).toEqual({
      notices: 1,
      events: [event("owner@example.com", "Renamed by the command", "Renamed in the office")],
    });
  });

  it("sets a collection: its name is the subject, the codes before and after the detail", async () => {
    const name = "Product Layout 3";
    const codesIn = async () =>
      (await office().collections(owner))
        .find((found) => found.name === name)
        ?.items.map((item) => item.code) ?? [];
    const initial = await codesIn();
    const byCommand = await written(() => command("collection", "set", name, "HP-1002", "HP-1001"));
    const opened = office();
    const current = (await opened.collections(owner)).find((found) => found.name === name);
    const byOffice = await written(() =>
      opened.saveCollection(owner, name, current?.version ?? "", ["HP-1001"]),
    );
    const event = (actor: string, before: string[], after: string[]) => ({
      notices: 1,
      events: [
        {
          actor,
          action: "collection.set",
          subjectType: "collection",
          subjectId: name,
          detail: { changes: { codes: { before, after } } },
        },
      ],
    });
    expect(byCommand).toEqual(event("cli", initial, ["HP-1002", "HP-1001"]));
    expect(byOffice).toEqual(event("owner@example.com", ["HP-1002", "HP-1001"], ["HP-1001"]));
  });

  it("sets the profile: the fields changed before and after, one notice", async () => {
    const opened = office();
    const profile = await opened.profile(owner);
    const byCommand = await written(() => command("profile", "set", "--telephone", "+1 555 0101"));
    const now = await opened.profile(owner);
    const byOffice = await written(() =>
      opened.saveProfile(owner, now.version, { ...now.values, telephone: "+1 555 0102" }, null),
    );
    const event = (actor: string, before: string, after: string) => ({
      notices: 1,
      events: [
        {
          actor,
          action: "profile.set",
          subjectType: "profile",
          subjectId: null,
          detail: { changes: { telephone: { before, after } } },
        },
      ],
    });
    expect(byCommand).toEqual(event("cli", profile.values.telephone, "+1 555 0101"));
    expect(byOffice).toEqual(event("owner@example.com", "+1 555 0101", "+1 555 0102"));
  });

  it("records and announces nothing for a write that changes nothing, from either", async () => {
    const slider = await lastSlider();
    const number = (await listSliderRows(db)).length;
    const opened = office();
    const current = await opened.slider(owner, slider.id);
    const profile = await opened.profile(owner);
    const nothing = { notices: 0, events: [] };
    expect(
      await written(() => command("slider", "replace", String(number), "--title", slider.title)),
    ).toEqual(nothing);
    expect(
      await written(() =>
        opened.saveSlider(
          owner,
          slider.id,
          current?.version ?? "",
          { title: slider.title, link: slider.link },
          null,
        ),
      ),
    ).toEqual(nothing);
    expect(
      await written(() => command("profile", "set", "--telephone", profile.values.telephone)),
    ).toEqual(nothing);
    expect(
      await written(() => opened.saveProfile(owner, profile.version, profile.values, null)),
    ).toEqual(nothing);
  });
});
