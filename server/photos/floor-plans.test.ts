/**
 * Uploaded floor plans (decision 052's addendum): the checks of a plan's file (an image with the
 * plans' smaller minimum, or a PDF by its first bytes, size-limited, without web page code) and
 * the service on both dialects: accepted plans are stored content-hashed (images with their
 * WebP derivatives), appended to the listing's plans with their labels over its revision,
 * logged in the same transaction and announced; a file a plan uses is kept when a photo of the
 * same bytes is removed. A save of the plans (decision 052's second addendum) reorders,
 * relabels and removes them over the listing's revision, logged and announced; a stale or
 * invalid save changes nothing.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { listAuditEvents } from "../../db/queries/audit.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { floorPlanLimits } from "../../lib/admin-photos.ts";
import { maxFloorPlanLabel, maxFloorPlans } from "../../lib/floor-plans.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import {
  buildActivePdfBytes,
  buildPdfBytes,
  buildPhotoBytes,
} from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { onContentChange } from "../content-changes.ts";
import { createFilesystemPhotoStore } from "./photo-store.ts";
import { createAdminPhotos } from "./service.ts";
import { inspectFloorPlan } from "./validate.ts";

const silent = { warn() {} };
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("an uploaded floor plan's checks", () => {
  it("accepts a small drawing a photo would be refused for, and a PDF, by their bytes", async () => {
    const drawing = await buildPhotoBytes({ width: 300, height: 200, format: "png" });
    expect(await inspectFloorPlan(drawing, "ground.png")).toEqual({
      ok: true,
      name: `${sha(drawing)}.png`,
      width: 300,
      height: 200,
      format: "png",
    });
    const pdf = buildPdfBytes();
    expect(await inspectFloorPlan(pdf, "plan.jpg")).toEqual({
      ok: true,
      name: `${sha(pdf)}.pdf`,
      width: 0,
      height: 0,
      format: "pdf",
    });
  });

  it("refuses SVG, HTML, other types and drawings too small, naming the file", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="10" height="10"/></svg>',
    );
    expect(await inspectFloorPlan(svg, "a.svg")).toEqual({
      ok: false,
      message: "a.svg is not a JPEG, PNG, WebP, AVIF or PDF file.",
    });
    const page = Buffer.from("<!doctype html><title>x</title><script>alert(1)</script>");
    expect(await inspectFloorPlan(page, "b.pdf")).toEqual({
      ok: false,
      message: "b.pdf is not a JPEG, PNG, WebP, AVIF or PDF file.",
    });
    expect(await inspectFloorPlan(Buffer.alloc(0), "c.pdf")).toEqual({
      ok: false,
      message: "c.pdf is empty.",
    });
    const tiny = await buildPhotoBytes({ width: 150, height: 100 });
    expect(await inspectFloorPlan(tiny, "d.jpg")).toEqual({
      ok: false,
      message: "d.jpg is 150 × 100 pixels; a floor plan must be at least 200 × 200.",
    });
  });

  it("refuses a polyglot: a PDF or an image that also holds a web page", async () => {
    const pdf = Buffer.concat([buildPdfBytes(), Buffer.from("<html><script>alert(1)</script>")]);
    expect(await inspectFloorPlan(pdf, "e.pdf")).toEqual({
      ok: false,
      message:
        "e.pdf holds web page code besides the plan; save the PDF again from the drawing program.",
    });
    const png = await buildPhotoBytes({ width: 400, height: 300, format: "png" });
    const image = await inspectFloorPlan(
      Buffer.concat([png, Buffer.from("<svg onload=alert(1)>")]),
      "f.png",
    );
    expect(image.ok).toBe(false);
    expect(!image.ok && image.message).toContain("holds web page code");
  });

  it("refuses a PDF that runs a script, launches, or carries a file, however it hides it", async () => {
    for (const kind of ["script", "escaped", "object-stream", "launch", "attachment"] as const) {
      const answer = await inspectFloorPlan(buildActivePdfBytes(kind), "plan.pdf");
      expect(answer.ok, kind).toBe(false);
      expect(!answer.ok && answer.message, kind).toMatch(
        /^plan\.pdf holds a script, an automatic action or an attachment \(\/(?:JavaScript|Launch|EmbeddedFiles)\); a floor plan must be a plain PDF: print it to a new PDF or export it again without them\.$/,
      );
    }
    // Opening at a page and zoom is no action: drawing programs write it.
    const fitted = Buffer.from(
      buildPdfBytes()
        .toString("latin1")
        .replace("/Pages 2 0 R", "/Pages 2 0 R /OpenAction [3 0 R /Fit]"),
      "latin1",
    );
    expect((await inspectFloorPlan(fitted, "fitted.pdf")).ok).toBe(true);
  });

  it("refuses files over the byte limit", async () => {
    const pdf = Buffer.concat([buildPdfBytes(), Buffer.alloc(floorPlanLimits.maxBytes, 32)]);
    expect(await inspectFloorPlan(pdf, "huge.pdf")).toEqual({
      ok: false,
      message: "huge.pdf is 15 MB; a floor plan may be at most 15 MB.",
    });
    const image = Buffer.alloc(floorPlanLimits.maxBytes + 1, 1);
    expect(await inspectFloorPlan(image, "huge.png")).toEqual({
      ok: false,
      message: "huge.png is 15 MB; a floor plan may be at most 15 MB.",
    });
  });
});

describe.each(testDialects)("the floor-plan upload on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let imageDir: string;
  let session: StaffSession;
  const service = () =>
    createAdminPhotos({
      database: test.handle,
      store: createFilesystemPhotoStore(imageDir),
      log: silent,
    });
  let taken = 0;
  async function listingCode(): Promise<string> {
    const row = (await listAllPropertyRows(db))[taken++];
    if (!row) throw new Error("the seed has too few listings");
    return row.code;
  }
  const stored = (name: string) => existsSync(join(imageDir, "property", name));

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    imageDir = createTestImageDir();
    const email = `plans-${dialect}@example.com`;
    const createdAt = new Date().toISOString();
    const user = await db
      .insertInto("staff_user")
      .values({ email, role: "agent", password_hash: null, created_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    session = {
      user: { id: user.id, email, role: "agent", hasPassword: true, createdAt },
      csrfToken: "x",
    };
  });
  afterAll(() => test?.drop());

  it("fills a listing up to its most plans and refuses the ones past it, naming each", async () => {
    const code = await listingCode();
    const photos = service();
    const before = await photos.open(session, code);
    if (!before) throw new Error("no listing");
    const room = maxFloorPlans - before.floorPlans.length;
    const pdfs = Array.from({ length: room + 2 }, (_, nth) => ({
      name: `plan-${nth + 1}.pdf`,
      bytes: buildPdfBytes(`${dialect} limit ${nth}`),
    }));
    const answers = [];
    for (let from = 0; from < pdfs.length; from += floorPlanLimits.maxFilesPerPost) {
      const post = pdfs.slice(from, from + floorPlanLimits.maxFilesPerPost);
      answers.push(await photos.uploadFloorPlans(session, code, post, ""));
    }
    const results = answers.flatMap((answer) => answer.results);
    expect(results.filter((result) => result.ok)).toHaveLength(room);
    expect(results.slice(room)).toEqual(
      pdfs.slice(room).map(({ name }) => ({
        ok: false,
        name,
        message: `${name} was not added: a listing may have at most ${maxFloorPlans} floor plans.`,
      })),
    );
    const after = await photos.open(session, code);
    expect(after?.floorPlans).toHaveLength(maxFloorPlans);
    // What was refused is not kept in the image folder.
    for (const { bytes } of pdfs.slice(room)) expect(stored(`${sha(bytes)}.pdf`)).toBe(false);
  });

  it("appends an image and a PDF after the listing's plans, over its revision, logged and announced", async () => {
    const code = await listingCode();
    const photos = service();
    const before = await photos.open(session, code);
    if (!before) throw new Error("no listing");
    const image = await buildPhotoBytes({
      width: 500,
      height: 400,
      format: "png",
      color: "#101010",
    });
    const pdf = buildPdfBytes(`${dialect} one`);
    let heard = 0;
    const stop = onContentChange(() => heard++);
    const answer = await photos.uploadFloorPlans(
      session,
      code,
      [
        { name: "ground.png", bytes: image },
        { name: "plan.pdf", bytes: pdf },
        { name: "drawing.svg", bytes: Buffer.from("<svg/>") },
      ],
      "",
    );
    stop();
    expect(answer).toEqual({
      ok: true,
      revision: before.revision + 1,
      results: [
        { ok: true, name: "ground.png", file: `${sha(image)}.png`, duplicate: false },
        { ok: true, name: "plan.pdf", file: `${sha(pdf)}.pdf`, duplicate: false },
        {
          ok: false,
          name: "drawing.svg",
          message: "drawing.svg is not a JPEG, PNG, WebP, AVIF or PDF file.",
        },
      ],
    });
    expect(heard).toBe(1);
    const after = await photos.open(session, code);
    const count = before.floorPlans.length;
    expect(after?.revision).toBe(before.revision + 1);
    expect(after?.floorPlans).toEqual([
      ...before.floorPlans,
      { label: `Floor plan ${count + 1}`, file: `${sha(image)}.png`, kind: "image" },
      { label: `Floor plan ${count + 2}`, file: `${sha(pdf)}.pdf`, kind: "pdf" },
    ]);
    expect(after?.photos).toEqual(before.photos);
    expect(stored(`${sha(image)}.png`) && stored(`${sha(image)}.png.400w.webp`)).toBe(true);
    expect(stored(`${sha(pdf)}.pdf`)).toBe(true);
    expect(stored(`${sha(pdf)}.pdf.400w.webp`)).toBe(false);
    const events = await listAuditEvents(
      db,
      { subject: code, action: "listing.floor-plans-add", actor: "", from: "", to: "" },
      5,
    );
    expect(events.rows[0]?.detail).toMatchObject({
      added: [
        `Floor plan ${count + 1}=${sha(image)}.png`,
        `Floor plan ${count + 2}=${sha(pdf)}.pdf`,
      ],
      count: count + 2,
    });
    expect(events.rows[0]?.actorEmail).toBe(session.user.email);

    // The same bytes again: already a plan, nothing written.
    const again = await photos.uploadFloorPlans(
      session,
      code,
      [{ name: "copy.pdf", bytes: pdf }],
      "",
    );
    expect(again.results).toEqual([
      { ok: true, name: "copy.pdf", file: `${sha(pdf)}.pdf`, duplicate: true },
    ]);
    expect((await photos.open(session, code))?.revision).toBe(before.revision + 1);
  });

  it("labels the plans as asked, numbering those after the first", async () => {
    const code = await listingCode();
    const photos = service();
    const one = buildPdfBytes(`${dialect} upper a`);
    const two = buildPdfBytes(`${dialect} upper b`);
    const answer = await photos.uploadFloorPlans(
      session,
      code,
      [
        { name: "a.pdf", bytes: one },
        { name: "b.pdf", bytes: two },
      ],
      " Upper floor ",
    );
    expect(answer.ok).toBe(true);
    const plans = (await photos.open(session, code))?.floorPlans ?? [];
    expect(plans.slice(-2).map((plan) => plan.label)).toEqual(["Upper floor", "Upper floor 2"]);
    const refused = await photos.uploadFloorPlans(
      session,
      code,
      [{ name: "c.pdf", bytes: buildPdfBytes("c") }],
      "Ground=floor",
    );
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining("without | or ="),
    });
  });

  it("refuses every file of a post, changing nothing, and a missing listing", async () => {
    const code = await listingCode();
    const photos = service();
    const before = await photos.open(session, code);
    const big = Buffer.concat([buildPdfBytes(), Buffer.alloc(floorPlanLimits.maxBytes, 32)]);
    const answer = await photos.uploadFloorPlans(
      session,
      code,
      [
        { name: "huge.pdf", bytes: big },
        { name: "page.html", bytes: Buffer.from("<html><body>hi</body></html>") },
      ],
      "",
    );
    expect(answer.results.map((result) => result.ok)).toEqual([false, false]);
    expect(await photos.open(session, code)).toEqual(before);
    const missing = await photos.uploadFloorPlans(
      session,
      "NO-SUCH-CODE",
      [{ name: "a.pdf", bytes: buildPdfBytes() }],
      "",
    );
    expect(missing).toMatchObject({ ok: false, missing: true });
  });

  it("keeps a file a floor plan uses when a photo of the same bytes is removed", async () => {
    const code = await listingCode();
    const photos = service();
    const bytes = await buildPhotoBytes({ color: "#5a5a5a" });
    const name = `${sha(bytes)}.jpg`;
    await photos.upload(session, code, [{ name: "both.jpg", bytes }]);
    await photos.uploadFloorPlans(session, code, [{ name: "both.jpg", bytes }], "Site plan");
    const listing = await photos.open(session, code);
    if (!listing) throw new Error("no listing");
    const saved = await photos.save(session, code, listing.revision, {
      photos: listing.photos.filter((photo) => photo.file !== name),
      cover: listing.cover === name ? "" : listing.cover,
    });
    expect(saved).toMatchObject({ ok: true, removed: [name], deletedFiles: [] });
    expect(stored(name)).toBe(true);
  });

  it("saves the plans' order, labels and removals over the revision, logged and announced", async () => {
    const code = await listingCode();
    const photos = service();
    const files = [`${dialect} save a`, `${dialect} save b`, `${dialect} save c`].map((text) =>
      buildPdfBytes(text),
    );
    await photos.uploadFloorPlans(
      session,
      code,
      files.map((bytes, index) => ({ name: `${index}.pdf`, bytes })),
      "Level",
    );
    const opened = await photos.open(session, code);
    if (!opened) throw new Error("no listing");
    const [a, b, c] = files.map((bytes) => `${sha(bytes)}.pdf`);
    const others = opened.floorPlans.filter((plan) => ![a, b, c].includes(plan.file));
    let heard = 0;
    const stop = onContentChange(() => heard++);
    const saved = await photos.saveFloorPlans(session, code, opened.revision, {
      plans: [
        ...others,
        { file: c as string, label: " Roof terrace " },
        { file: a as string, label: "" },
      ],
    });
    stop();
    expect(saved).toEqual({ ok: true, removed: [b], deletedFiles: [b] });
    expect(heard).toBe(1);
    expect(stored(b as string)).toBe(false);
    expect(stored(a as string)).toBe(true);
    const after = await photos.open(session, code);
    expect(after?.revision).toBe(opened.revision + 1);
    expect(after?.floorPlans).toEqual([
      ...others,
      { label: "Roof terrace", file: c, kind: "pdf" },
      { label: `Floor plan ${others.length + 2}`, file: a, kind: "pdf" },
    ]);
    expect(after?.photos).toEqual(opened.photos);
    const events = await listAuditEvents(
      db,
      { subject: code, action: "listing.floor-plans-save", actor: "", from: "", to: "" },
      5,
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]?.actorEmail).toBe(session.user.email);
    expect(events.rows[0]?.detail).toEqual({
      changes: {
        [`label of ${c}`]: { before: "Level 3", after: "Roof terrace" },
        [`label of ${a}`]: { before: "Level", after: `Floor plan ${others.length + 2}` },
      },
      order: [...others.map((plan) => plan.file), c, a],
      removed: [b],
    });
  });

  it("refuses a stale save, an unknown plan and a bad label, changing nothing", async () => {
    const code = await listingCode();
    const photos = service();
    const bytes = buildPdfBytes(`${dialect} stale`);
    await photos.uploadFloorPlans(session, code, [{ name: "s.pdf", bytes }], "Basement");
    const opened = await photos.open(session, code);
    if (!opened) throw new Error("no listing");
    const plans = opened.floorPlans.map(({ file, label }) => ({ file, label }));
    // Someone else adds a photo meanwhile: the revision the page was opened at is gone.
    await photos.upload(session, code, [
      { name: "new.jpg", bytes: await buildPhotoBytes({ color: "#123456" }) },
    ]);
    const current = await photos.open(session, code);
    let heard = 0;
    const stop = onContentChange(() => heard++);
    expect(await photos.saveFloorPlans(session, code, opened.revision, { plans: [] })).toEqual({
      ok: false,
      reason: "conflict",
      revision: opened.revision + 1,
    });
    const revision = opened.revision + 1;
    expect(
      await photos.saveFloorPlans(session, code, revision, {
        plans: [...plans, { file: "elsewhere.pdf", label: "Not ours" }],
      }),
    ).toMatchObject({ ok: false, reason: "invalid", message: expect.stringContaining("reload") });
    expect(
      await photos.saveFloorPlans(session, code, revision, {
        plans: plans.map((plan, index) => (index === 0 ? { ...plan, label: "A=B" } : plan)),
      }),
    ).toMatchObject({ ok: false, reason: "invalid", message: expect.stringContaining("| or =") });
    expect(
      await photos.saveFloorPlans(session, code, revision, {
        plans: plans.map((plan, index) =>
          index === 0 ? { ...plan, label: "x".repeat(maxFloorPlanLabel + 1) } : plan,
        ),
      }),
    ).toMatchObject({ ok: false, reason: "invalid" });
    expect(await photos.saveFloorPlans(session, "NO-SUCH-CODE", revision, { plans: [] })).toEqual({
      ok: false,
      reason: "missing",
    });
    stop();
    expect(heard).toBe(0);
    expect(await photos.open(session, code)).toEqual(current);
    expect(stored(`${sha(bytes)}.pdf`)).toBe(true);
    const events = await listAuditEvents(
      db,
      { subject: code, action: "listing.floor-plans-save", actor: "", from: "", to: "" },
      5,
    );
    expect(events.rows).toEqual([]);
  });
});
