/**
 * The back office's site content (decision 057) on both dialects: sliders, collections, the
 * profile, amenities and categories; each write's audit event in its transaction, uploads
 * checked by sharp, saves over a stale version refused, and what removing an amenity or a
 * category does to the listings that use it.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listCategoryCounters } from "../../db/queries/category.ts";
import { findCollection } from "../../db/queries/collection.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import { listSliders } from "../../db/queries/slider.ts";
import { categoryMoveProblems } from "../../lib/admin-content.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import { buildPhonePhotoBytes } from "../../tests/support/factories.ts";
import { expectNoPrivateMetadata } from "../../tests/support/photos.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { onContentChange } from "../content-changes.ts";
import { createAdminContent } from "./content.ts";

const silent = { warn() {} };

async function png(width: number, height: number, name = "picture.png"): Promise<File> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: "#2a6f97" },
  })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

describe.each(testDialects)("the back office's site content on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let imageDir: string;
  let announced = 0;
  let stopListening: () => void;
  const owner: StaffSession = {
    user: { id: 1, email: "owner@example.com", role: "owner" } as StaffSession["user"],
    csrfToken: "x",
  };
  const agent: StaffSession = {
    user: { id: 2, email: "agent@example.com", role: "agent" } as StaffSession["user"],
    csrfToken: "x",
  };
  const content = () => createAdminContent({ database: test.handle, imageDir, log: silent });

  async function eventsSince(id: number) {
    const rows = await db.selectFrom("audit_event").selectAll().where("id", ">", id).execute();
    return rows.map((row) => ({ ...row, detail: JSON.parse(row.detail) as unknown }));
  }
  async function lastEventId(): Promise<number> {
    const row = await db
      .selectFrom("audit_event")
      .select("id")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    imageDir = createTestImageDir();
    stopListening = onContentChange(() => {
      announced += 1;
    });
  });
  afterAll(async () => {
    stopListening?.();
    await test?.drop();
  });

  it("adds a slider last with its checked image, announced and recorded", async () => {
    const service = content();
    const before = await service.sliders(agent);
    const since = await lastEventId();
    const heard = announced;
    const saved = await service.addSlider(
      agent,
      { title: "  Homes by the sea ", link: "/property" },
      await png(1920, 800, "Sea View.png"),
    );
    expect(saved).toMatchObject({ ok: true });
    const after = await service.sliders(agent);
    expect(after).toHaveLength(before.length + 1);
    const added = after.at(-1);
    expect(added).toMatchObject({ title: "Homes by the sea", link: "/property" });
    expect(added?.image_url).toMatch(/^sea-view-[0-9a-f]{12}\.png$/);
    expect(existsSync(join(imageDir, "sliders", added?.image_url ?? ""))).toBe(true);
    expect((await listSliders(db)).at(-1)?.title).toBe("Homes by the sea");
    expect(announced).toBeGreaterThan(heard);
    expect(await eventsSince(since)).toMatchObject([
      {
        action: "slider.add",
        actor_email: "agent@example.com",
        subject_type: "slider",
        subject_id: String(added?.id),
      },
    ]);
  });

  it("refuses a slider whose image is not an image, too small, or missing, naming the field", async () => {
    const service = content();
    const count = (await service.sliders(owner)).length;
    const text = new File(["not an image"], "notes.png", { type: "image/png" });
    expect(await service.addSlider(owner, { title: "A", link: "/" }, text)).toEqual({
      ok: false,
      reason: "invalid",
      issues: [
        { field: "image", message: "The file is not an image (JPEG, PNG, WebP, GIF or AVIF)." },
      ],
    });
    expect(
      await service.addSlider(owner, { title: "A", link: "/" }, await png(600, 300)),
    ).toMatchObject({
      ok: false,
      issues: [{ field: "image", message: expect.stringContaining("at least 1200 × 400") }],
    });
    expect(
      await service.addSlider(owner, { title: " ", link: "javascript:alert(1)" }, null),
    ).toMatchObject({
      ok: false,
      issues: [
        { field: "title", message: "must not be empty" },
        { field: "link", message: expect.stringContaining("a path on this site") },
        { field: "image", message: "must be chosen" },
      ],
    });
    expect(await service.sliders(owner)).toHaveLength(count);
  });

  it("moves sliders up and down, refuses a save over a changed slider, and removes one", async () => {
    const service = content();
    const [first, second] = await service.sliders(owner);
    if (!first || !second) throw new Error("the seed has sliders");
    const since = await lastEventId();
    expect(await service.moveSlider(owner, first.id, "up")).toBe("edge");
    expect(await service.moveSlider(owner, first.id, "down")).toBe("moved");
    expect((await service.sliders(owner)).slice(0, 2).map((slider) => slider.id)).toEqual([
      second.id,
      first.id,
    ]);
    expect(await service.moveSlider(owner, first.id, "up")).toBe("moved");
    expect((await service.sliders(owner))[0]?.id).toBe(first.id);
    // Each names its slider by its title: the id means nothing to staff.
    expect(await eventsSince(since)).toMatchObject([
      { action: "slider.move", detail: { title: first.title, direction: "down", position: 2 } },
      { action: "slider.move", detail: { title: first.title, direction: "up", position: 1 } },
    ]);

    const opened = first.version;
    const beforeSave = await lastEventId();
    expect(
      await service.saveSlider(
        owner,
        first.id,
        opened,
        { title: "New title", link: "/about" },
        null,
      ),
    ).toEqual({ ok: true });
    // A second save from a form opened before the first one is refused.
    expect(
      await service.saveSlider(owner, first.id, opened, { title: "Other", link: "/about" }, null),
    ).toEqual({ ok: false, reason: "conflict" });
    const saved = await service.slider(owner, first.id);
    expect(saved).toMatchObject({ title: "New title", link: "/about", image_url: first.image_url });
    expect(await eventsSince(beforeSave)).toMatchObject([
      {
        action: "slider.replace",
        detail: {
          title: "New title",
          changes: { title: { before: first.title, after: "New title" } },
        },
      },
    ]);
    const replaced = await service.saveSlider(
      owner,
      first.id,
      saved?.version ?? "",
      { title: "New title", link: "/about" },
      await png(1600, 600, "replacement.png"),
    );
    expect(replaced).toEqual({ ok: true });
    expect((await service.slider(owner, first.id))?.image_url).toMatch(/^replacement-/);

    expect(await service.removeSlider(owner, second.id)).toBe("removed");
    expect(await service.removeSlider(owner, second.id)).toBe("missing");
    expect((await service.sliders(owner)).some((slider) => slider.id === second.id)).toBe(false);
  });

  it("sets a collection's listings in order, refusing unknown codes and a stale version", async () => {
    const service = content();
    const collections = await service.collections(agent);
    expect(collections.map((collection) => collection.name)).toEqual([
      "Product Layout 1",
      "Product Layout 2",
      "Product Layout 3",
    ]);
    const layout = collections[0];
    if (!layout) throw new Error("three collections");
    const codes = layout.items.map((item) => item.code).reverse();
    expect(await service.saveCollection(agent, layout.name, layout.version, codes)).toEqual({
      ok: true,
    });
    expect(JSON.parse(String((await findCollection(db, layout.name))?.item_list))).toEqual(
      codes.map((code) => ({ code })),
    );
    expect(await service.saveCollection(agent, layout.name, layout.version, [])).toEqual({
      ok: false,
      reason: "conflict",
    });
    const current = (await service.collections(agent))[0];
    expect(
      await service.saveCollection(agent, layout.name, current?.version ?? "", ["NO-SUCH"]),
    ).toMatchObject({
      ok: false,
      issues: [{ field: "items", message: expect.stringContaining("NO-SUCH") }],
    });
    expect(
      await service.saveCollection(agent, layout.name, current?.version ?? "", [
        codes[0] ?? "",
        codes[0] ?? "",
      ]),
    ).toMatchObject({ ok: false, reason: "invalid" });
    const [event] = (await eventsSince((await lastEventId()) - 1)).filter(
      (row) => row.action === "collection.set",
    );
    expect(event).toMatchObject({ subject_type: "collection", subject_id: layout.name });
  });

  it("stores an uploaded slider, a replaced slider's image and the logo without metadata, upright", async () => {
    const service = content();
    const phone = async (width: number, height: number, name: string) =>
      new File([new Uint8Array(await buildPhonePhotoBytes({ width, height }))], name, {
        type: "image/jpeg",
      });
    const stored = (path: string) => readFileSync(join(imageDir, path));
    // Each lies on its side: shown 1300 × 420 (a slider is at least 1200 × 400) and so on.
    const added = await service.addSlider(
      agent,
      { title: "From a phone", link: "/" },
      await phone(420, 1300, "IMG_0002.JPG"),
    );
    expect(added).toMatchObject({ ok: true });
    const slider = (await service.sliders(agent)).at(-1);
    await expectNoPrivateMetadata(stored(`sliders/${slider?.image_url}`), {
      width: 1300,
      height: 420,
    });
    expect(
      await service.saveSlider(
        agent,
        slider?.id ?? 0,
        slider?.version ?? "",
        { title: "From a phone", link: "/" },
        await phone(430, 1300, "IMG_0003.JPG"),
      ),
    ).toEqual({ ok: true });
    const replaced = await service.slider(agent, slider?.id ?? 0);
    await expectNoPrivateMetadata(stored(`sliders/${replaced?.image_url}`), {
      width: 1300,
      height: 430,
    });
    const profile = await service.profile(owner);
    expect(
      await service.saveProfile(
        owner,
        profile.version,
        profile.values,
        await phone(64, 240, "IMG_0004.JPG"),
      ),
    ).toEqual({ ok: true });
    const logo = (await findCompanyProfile(db))?.image_url ?? "";
    await expectNoPrivateMetadata(stored(logo), { width: 240, height: 64 });
    expect(await service.removeSlider(agent, slider?.id ?? 0)).toBe("removed");
  });

  it("saves the profile and logo for owners only, with the content command's checks", async () => {
    const service = content();
    await expect(service.profile(agent)).rejects.toThrow(/owner/);
    const profile = await service.profile(owner);
    const values = { ...profile.values, business_name: "Seaside Homes", website: "not a url" };
    expect(await service.saveProfile(owner, profile.version, values, null)).toMatchObject({
      ok: false,
      issues: [{ field: "website", message: "must be an http(s) address" }],
    });
    const since = await lastEventId();
    expect(
      await service.saveProfile(
        owner,
        profile.version,
        { ...values, website: "https://seaside.example" },
        await png(240, 64, "logo.png"),
      ),
    ).toEqual({ ok: true });
    const saved = await findCompanyProfile(db);
    expect(saved).toMatchObject({
      business_name: "Seaside Homes",
      website: "https://seaside.example",
    });
    expect(saved?.image_url).toMatch(/^logo-[0-9a-f]{12}\.png$/);
    expect(existsSync(join(imageDir, saved?.image_url ?? ""))).toBe(true);
    expect(await eventsSince(since)).toMatchObject([
      {
        action: "profile.set",
        subject_type: "profile",
        detail: { changes: { business_name: { after: "Seaside Homes" } } },
      },
    ]);
    expect(await service.saveProfile(owner, profile.version, values, null)).toMatchObject({
      ok: false,
    });
    await expect(
      service.saveProfile(agent, (await service.profile(owner)).version, values, null),
    ).rejects.toThrow(/owner/);
  });

  it("adds, renames and removes amenities; a removed amenity leaves every listing", async () => {
    const service = content();
    expect(await service.addAmenity(agent, { title: "Sauna", icon: "" })).toMatchObject({
      ok: true,
    });
    expect(await service.addAmenity(agent, { title: "sauna" })).toMatchObject({
      ok: false,
      issues: [{ field: "title", message: "is already an amenity" }],
    });
    const sauna = (await service.amenities(agent)).find((term) => term.title === "Sauna");
    expect(sauna).toMatchObject({ icon: "sauna", listings: 0 });
    expect(
      await service.renameAmenity(agent, sauna?.id ?? 0, { title: "Steam room", icon: "flame" }),
    ).toMatchObject({ ok: true });
    // A change of the icon alone still names the amenity.
    const iconOnly = await lastEventId();
    expect(
      await service.renameAmenity(agent, sauna?.id ?? 0, { title: "Steam room", icon: "cloud" }),
    ).toMatchObject({ ok: true });
    expect(await eventsSince(iconOnly)).toMatchObject([
      {
        action: "amenity.rename",
        detail: { title: "Steam room", changes: { icon: { before: "flame", after: "cloud" } } },
      },
    ]);
    expect((await listAmenities(db)).find((amenity) => amenity.id === sauna?.id)).toMatchObject({
      title: "Steam room",
      icon: "cloud",
    });

    // A used amenity: taken off each listing that has it, whose revision rises.
    const used = (await service.amenities(agent)).find((term) => term.listings > 0);
    if (!used) throw new Error("the seed's listings have amenities");
    const holders = await db
      .selectFrom("property")
      .select(["code", "features", "revision"])
      .execute();
    const having = holders.filter((row) =>
      (JSON.parse(row.features) as unknown[]).some((id) => Number(id) === used.id),
    );
    expect(having).toHaveLength(used.listings);
    const since = await lastEventId();
    expect(await service.removeAmenity(agent, used.id)).toEqual({ ok: true });
    const after = await db
      .selectFrom("property")
      .select(["code", "features", "revision"])
      .execute();
    for (const row of having) {
      const now = after.find((found) => found.code === row.code);
      expect(JSON.parse(now?.features ?? "[]")).not.toContain(used.id);
      expect(now?.revision).toBe(row.revision + 1);
    }
    expect((await listAmenities(db)).some((amenity) => amenity.id === used.id)).toBe(false);
    expect(await eventsSince(since)).toMatchObject([
      { action: "amenity.remove", detail: { title: used.title, listings: used.listings } },
    ]);
    expect(await service.removeAmenity(agent, used.id)).toEqual({ ok: false, reason: "missing" });
  });

  it("adds, renames and removes categories; one in use cannot be removed", async () => {
    const service = content();
    expect(await service.addCategory(agent, { title: "Boats" })).toMatchObject({ ok: true });
    const boats = (await service.categories(agent)).find((term) => term.title === "Boats");
    expect(boats).toMatchObject({ listings: 0 });
    const renaming = await lastEventId();
    expect(await service.renameCategory(agent, boats?.id ?? 0, { title: "Houseboats" })).toEqual({
      ok: true,
      id: boats?.id,
    });
    expect(await eventsSince(renaming)).toMatchObject([
      { action: "category.rename", detail: { title: "Houseboats" } },
    ]);
    expect(
      (await listCategoryCounters(db)).some((category) => category.title === "Houseboats"),
    ).toBe(true);
    const used = (await service.categories(agent)).find((term) => term.listings > 0);
    if (!used) throw new Error("the seed's listings have categories");
    const since = await lastEventId();
    expect(await service.removeCategory(agent, used.id)).toEqual({
      ok: false,
      reason: "in-use",
      listings: used.listings,
    });
    expect(await eventsSince(since)).toEqual([]);
    expect(await service.removeCategory(agent, boats?.id ?? 0)).toEqual({ ok: true });
    expect((await service.categories(agent)).some((term) => term.id === boats?.id)).toBe(false);
    expect((await eventsSince(since)).map((event) => event.action)).toEqual(["category.remove"]);
  });

  it("removes a category in use by moving its listings, in one step, announced and recorded", async () => {
    const service = content();
    const [from, other] = (await service.categories(agent)).filter((term) => term.listings > 0);
    if (!from || !other) throw new Error("the seed has two categories with listings");
    expect(await service.addCategory(agent, { title: "Town houses" })).toMatchObject({ ok: true });
    const target = (await service.categories(agent)).find((term) => term.title === "Town houses");
    if (!target) throw new Error("just added");
    const rows = () =>
      db
        .selectFrom("property")
        .select(["code", "category_id", "revision"])
        .orderBy("code")
        .execute();
    const before = await rows();
    const since = await lastEventId();
    const heard = announced;

    // Refused, nothing changed: into itself, into a category that is gone, a stale count.
    const refusals = [
      { to: from.id, listings: from.listings },
      { to: 999_999, listings: from.listings },
      { to: target.id, listings: from.listings + 1 },
      { to: null, listings: from.listings - 1 },
    ];
    const answers = [];
    for (const move of refusals) answers.push(await service.removeCategory(agent, from.id, move));
    expect(answers).toEqual([
      {
        ok: false,
        reason: "invalid",
        issues: [{ field: "to", message: categoryMoveProblems.itself }],
      },
      {
        ok: false,
        reason: "invalid",
        issues: [{ field: "to", message: categoryMoveProblems.gone }],
      },
      { ok: false, reason: "conflict" },
      { ok: false, reason: "conflict" },
    ]);
    expect(await rows()).toEqual(before);
    expect(await eventsSince(since)).toEqual([]);
    expect(announced).toBe(heard);

    expect(
      await service.removeCategory(agent, from.id, { to: target.id, listings: from.listings }),
    ).toEqual({ ok: true });
    const after = await rows();
    for (const row of before) {
      const now = after.find((found) => found.code === row.code);
      if (row.category_id === from.id) {
        expect(now, row.code).toMatchObject({ category_id: target.id, revision: row.revision + 1 });
      } else {
        expect(now, row.code).toEqual(row);
      }
    }
    const categories = await service.categories(agent);
    expect(categories.some((term) => term.id === from.id)).toBe(false);
    expect(categories.find((term) => term.id === target.id)?.listings).toBe(from.listings);
    // The public counters: the published ones are counted under the new category now.
    const published = await db
      .selectFrom("property")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("category_id", "=", target.id)
      .where("publish", "=", 1)
      .executeTakeFirstOrThrow();
    expect(
      (await listCategoryCounters(db)).find((category) => category.title === "Town houses")?.total,
    ).toBe(Number(published.count));
    expect(announced).toBeGreaterThan(heard);
    expect(await eventsSince(since)).toMatchObject([
      {
        action: "category.remove",
        actor_email: "agent@example.com",
        subject_type: "category",
        subject_id: String(from.id),
        detail: { title: from.title, listings: from.listings, movedTo: "Town houses" },
      },
    ]);

    // To no category: the listings are left without one.
    expect(
      await service.removeCategory(agent, other.id, { to: null, listings: other.listings }),
    ).toEqual({
      ok: true,
    });
    const none = await db
      .selectFrom("property")
      .select("category_id")
      .where(
        "code",
        "in",
        before.filter((row) => row.category_id === other.id).map((row) => row.code),
      )
      .execute();
    expect(none.map((row) => row.category_id)).toEqual(none.map(() => null));
    expect((await eventsSince(since)).at(-1)).toMatchObject({
      detail: { title: other.title, listings: other.listings, movedTo: null },
    });
  });

  it("recorded an event for every kind of write above", async () => {
    const rows = await db
      .selectFrom("audit_event")
      .select("action")
      .where("actor_email", "in", ["owner@example.com", "agent@example.com"])
      .execute();
    expect(new Set(rows.map((row) => row.action))).toEqual(
      new Set([
        "slider.add",
        "slider.move",
        "slider.replace",
        "slider.remove",
        "collection.set",
        "profile.set",
        "amenity.add",
        "amenity.rename",
        "amenity.remove",
        "category.add",
        "category.rename",
        "category.remove",
      ]),
    );
  });

  it("keeps no write whose audit event fails", async () => {
    const service = content();
    await db.schema.alterTable("audit_event").renameTo("audit_event_away").execute();
    try {
      await expect(service.addCategory(owner, { title: "Never kept" })).rejects.toThrow();
    } finally {
      await db.schema.alterTable("audit_event_away").renameTo("audit_event").execute();
    }
    expect((await service.categories(owner)).some((term) => term.title === "Never kept")).toBe(
      false,
    );
  });
});
