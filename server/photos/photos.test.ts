/**
 * The photo manager's server side (decision 056): the checks of an uploaded file (type, bytes,
 * size), the file-system store (content-hashed names, derivatives, deletion), and the service
 * on both dialects: uploads join a listing's photos and raise its revision, a save reorders,
 * sets the cover and alt text and removes over the revision only, each write is in the audit
 * log and announced, and a removed photo's files go once no listing uses them.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { listAuditEvents } from "../../db/queries/audit.ts";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import { photoLimits, photosOfRow, readPhotoArrangement } from "../../lib/admin-photos.ts";
import { imageVariantWidths } from "../../lib/image-variants.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import { buildPhotoBytes } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { exportProperties } from "../content/export-properties.ts";
import { importProperties } from "../content/import-properties.ts";
import { onContentChange } from "../content-changes.ts";
import { openListing } from "../staff/listing-editor/open.ts";
import { saveListing } from "../staff/listing-editor/save.ts";
import { createFilesystemPhotoStore, isPhotoName } from "./photo-store.ts";
import { createAdminPhotos } from "./service.ts";
import { deleteUnusedPhotoFiles } from "./unused-files.ts";
import { inspectPhoto } from "./validate.ts";

const silent = { warn() {} };
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("an uploaded photo's checks", () => {
  it("accepts JPEG, PNG, WebP and AVIF under a name made of the SHA-256 of the bytes", async () => {
    for (const [format, extension] of [
      ["jpeg", "jpg"],
      ["png", "png"],
      ["webp", "webp"],
      ["avif", "avif"],
    ] as const) {
      const bytes = await buildPhotoBytes({ format });
      const inspected = await inspectPhoto(bytes, `front.${extension}`);
      expect(inspected, format).toEqual({
        ok: true,
        name: `${sha(bytes)}.${extension}`,
        width: 1200,
        height: 800,
        format,
      });
    }
  });

  it("names the real format whatever the file is called", async () => {
    const bytes = await buildPhotoBytes({ format: "png" });
    const inspected = await inspectPhoto(bytes, "holiday.jpg");
    expect(inspected.ok && inspected.name.endsWith(".png")).toBe(true);
  });

  it("refuses other types, empty and damaged files, naming the file", async () => {
    const gif = await buildPhotoBytes({ format: "gif" });
    expect(await inspectPhoto(gif, "a.gif")).toEqual({
      ok: false,
      message: "a.gif is not a JPEG, PNG, WebP or AVIF image.",
    });
    expect(await inspectPhoto(Buffer.from("<svg/>"), "b.svg")).toEqual({
      ok: false,
      message: "b.svg is not a JPEG, PNG, WebP or AVIF image.",
    });
    expect(await inspectPhoto(Buffer.alloc(0), "c.jpg")).toEqual({
      ok: false,
      message: "c.jpg is empty.",
    });
    const jpeg = await buildPhotoBytes();
    expect((await inspectPhoto(jpeg.subarray(0, 40), "d.jpg")).ok).toBe(false);
    const page = Buffer.from("<!doctype html><title>x</title><script>alert(1)</script>");
    expect(await inspectPhoto(page, "e.jpg")).toEqual({
      ok: false,
      message: "e.jpg is not a JPEG, PNG, WebP or AVIF image.",
    });
  });

  it("refuses a polyglot: a real photo that also holds a web page", async () => {
    const jpeg = await buildPhotoBytes();
    expect((await inspectPhoto(jpeg, "clean.jpg")).ok).toBe(true);
    for (const tail of [
      "<html><script>alert(1)</script>",
      "<svg onload=alert(1)>",
      "<?php echo 1;",
    ]) {
      const polyglot = Buffer.concat([jpeg, Buffer.from(tail)]);
      expect(await inspectPhoto(polyglot, "f.jpg")).toEqual({
        ok: false,
        message:
          "f.jpg holds web page code besides the picture; export the photo again from a photo editor.",
      });
    }
  });

  it("refuses files over the byte limit before decoding them", async () => {
    const big = Buffer.alloc(photoLimits.maxBytes + 1, 1);
    expect(await inspectPhoto(big, "huge.jpg")).toEqual({
      ok: false,
      message: "huge.jpg is 15 MB; a photo may be at most 15 MB.",
    });
  });

  it("refuses photos too small or too large in pixels", async () => {
    const small = await buildPhotoBytes({ width: 600, height: 400 });
    expect(await inspectPhoto(small, "small.jpg")).toEqual({
      ok: false,
      message: "small.jpg is 600 × 400 pixels; a photo must be at least 640 × 400.",
    });
    const wide = await buildPhotoBytes({ width: 8200, height: 400, format: "png" });
    expect(await inspectPhoto(wide, "wide.png")).toEqual({
      ok: false,
      message: "wide.png is 8200 × 400 pixels; a side may be at most 8000.",
    });
  });
});

describe("the file-system photo store", () => {
  it("stores an original with its WebP derivatives, lists and deletes them", async () => {
    const imageDir = createTestImageDir();
    const store = createFilesystemPhotoStore(imageDir);
    const bytes = await buildPhotoBytes();
    const name = `${sha(bytes)}.jpg`;
    expect(await store.exists(name)).toBe(false);
    await store.put(name, bytes);
    expect(await store.exists(name)).toBe(true);
    const folder = join(imageDir, "property");
    for (const width of imageVariantWidths) {
      expect(existsSync(join(folder, `${name}.${width}w.webp`)), `${width}w`).toBe(true);
    }
    expect(await store.list()).toEqual([name]);
    const stream = await store.stream(name);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await store.delete(name);
    expect(readdirSync(folder).filter((file) => file.startsWith(sha(bytes)))).toEqual([]);
    expect(await store.stream(name)).toBeUndefined();
    // The seed's and the import's files are not the store's to list or delete.
    expect(readdirSync(folder)).toContain("house.jpg");
    expect(isPhotoName("house.jpg")).toBe(false);
    await expect(store.delete("house.jpg")).rejects.toThrow();
  });
});

describe("the manager's form", () => {
  it("reads order, alt text, cover and removals, and applies a move button last", () => {
    const form = new FormData();
    for (const file of ["a.jpg", "b.jpg", "c.jpg"]) form.append("photo", file);
    form.set("alt-0", "Front");
    form.set("alt-1", "Kitchen");
    form.set("alt-2", "Garden");
    form.set("cover", "b.jpg");
    form.append("remove", "a.jpg");
    form.set("move", "c.jpg:up");
    expect(readPhotoArrangement(form)).toEqual({
      photos: [
        { file: "c.jpg", alt: "Garden" },
        { file: "b.jpg", alt: "Kitchen" },
      ],
      cover: "b.jpg",
      removed: ["a.jpg"],
    });
  });

  it("reads a listing's photos from image_list, a cover outside it first", () => {
    expect(
      photosOfRow({
        cover_image: "z.jpg",
        image_list: JSON.stringify([{ imageUrl: "a.jpg", alt: "Front" }, { imageUrl: "b.jpg" }]),
      }),
    ).toEqual({
      photos: [
        { file: "z.jpg", alt: "" },
        { file: "a.jpg", alt: "Front" },
        { file: "b.jpg", alt: "" },
      ],
      cover: "z.jpg",
    });
  });
});

describe.each(testDialects)("the photo service on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let imageDir: string;
  let session: StaffSession;
  const photos = () =>
    createAdminPhotos({
      database: test.handle,
      store: createFilesystemPhotoStore(imageDir),
      log: silent,
    });
  let taken = 0;
  async function listingCode(): Promise<string> {
    const rows = await listAllPropertyRows(db);
    const row = rows[taken++];
    if (!row) throw new Error("the seed has too few listings");
    return row.code;
  }
  const stored = (name: string) => existsSync(join(imageDir, "property", name));

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    imageDir = createTestImageDir();
    const user = await db
      .insertInto("staff_user")
      .values({
        email: `photos-${dialect}@example.com`,
        role: "agent",
        password_hash: null,
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    session = {
      user: {
        id: user.id,
        email: `photos-${dialect}@example.com`,
        role: "agent",
        hasPassword: true,
        createdAt: new Date().toISOString(),
      },
      csrfToken: "x",
    };
  });
  afterAll(() => test?.drop());

  it("adds uploaded photos after the listing's, raising its revision, logged and announced", async () => {
    const code = await listingCode();
    const service = photos();
    const before = await service.open(session, code);
    if (!before) throw new Error("no listing");
    const one = await buildPhotoBytes({ color: "#111111" });
    const two = await buildPhotoBytes({ color: "#222222", format: "png" });
    const bad = await buildPhotoBytes({ width: 300, height: 200 });
    let heard = 0;
    const stop = onContentChange(() => heard++);
    const answer = await service.upload(session, code, [
      { name: "one.jpg", bytes: one },
      { name: "two.png", bytes: two },
      { name: "tiny.jpg", bytes: bad },
    ]);
    stop();
    expect(answer.ok).toBe(true);
    expect(answer.results).toEqual([
      { ok: true, name: "one.jpg", file: `${sha(one)}.jpg`, duplicate: false },
      { ok: true, name: "two.png", file: `${sha(two)}.png`, duplicate: false },
      {
        ok: false,
        name: "tiny.jpg",
        message: "tiny.jpg is 300 × 200 pixels; a photo must be at least 640 × 400.",
      },
    ]);
    expect(heard).toBe(1);
    const after = await service.open(session, code);
    expect(after?.revision).toBe(before.revision + 1);
    expect(answer.revision).toBe(before.revision + 1);
    expect(after?.photos.map((photo) => photo.file)).toEqual([
      ...before.photos.map((photo) => photo.file),
      `${sha(one)}.jpg`,
      `${sha(two)}.png`,
    ]);
    expect(after?.cover).toBe(before.cover);
    expect(stored(`${sha(one)}.jpg`) && stored(`${sha(one)}.jpg.800w.webp`)).toBe(true);
    const events = await listAuditEvents(
      db,
      { subject: code, action: "listing.photos-add", actor: "", from: "", to: "" },
      5,
    );
    expect(events.rows[0]?.detail).toMatchObject({
      added: [`${sha(one)}.jpg`, `${sha(two)}.png`],
    });
    expect(events.rows[0]?.actorEmail).toBe(session.user.email);

    // The same bytes again: already there, nothing written.
    const again = await service.upload(session, code, [{ name: "copy.jpg", bytes: one }]);
    expect(again.results).toEqual([
      { ok: true, name: "copy.jpg", file: `${sha(one)}.jpg`, duplicate: true },
    ]);
    expect((await service.open(session, code))?.revision).toBe(before.revision + 1);
  });

  it("makes the first photo of a listing without photos its cover", async () => {
    const code = await listingCode();
    await db
      .updateTable("property")
      .set({ cover_image: "", image_list: "[]" })
      .where("code", "=", code)
      .execute();
    const bytes = await buildPhotoBytes({ color: "#333333" });
    await photos().upload(session, code, [{ name: "first.jpg", bytes }]);
    const row = await findPropertyRowByCode(db, code);
    expect(row?.cover_image).toBe(`${sha(bytes)}.jpg`);
    expect(JSON.parse(row?.image_list ?? "")).toEqual([{ imageUrl: `${sha(bytes)}.jpg` }]);
  });

  it("saves order, cover, alt text and removals over the revision only", async () => {
    const code = await listingCode();
    const service = photos();
    await db
      .updateTable("property")
      .set({ cover_image: "", image_list: "[]" })
      .where("code", "=", code)
      .execute();
    const bytes = await Promise.all(
      ["#404040", "#505050", "#606060"].map((color) => buildPhotoBytes({ color })),
    );
    const names = bytes.map((photo) => `${sha(photo)}.jpg`);
    await service.upload(
      session,
      code,
      bytes.map((photo, index) => ({ name: `${index}.jpg`, bytes: photo })),
    );
    const opened = await service.open(session, code);
    if (!opened) throw new Error("no listing");
    const [a, b, c] = names as [string, string, string];

    const saved = await service.save(session, code, opened.revision, {
      photos: [
        { file: c, alt: "  Garden at dusk " },
        { file: a, alt: "Front door" },
      ],
      cover: c,
    });
    expect(saved).toEqual({ ok: true, removed: [b], deletedFiles: [b] });
    const row = await findPropertyRowByCode(db, code);
    expect(row?.cover_image).toBe(c);
    expect(JSON.parse(row?.image_list ?? "")).toEqual([
      { imageUrl: c, alt: "Garden at dusk" },
      { imageUrl: a, alt: "Front door" },
    ]);
    expect(row?.revision).toBe(opened.revision + 1);
    expect(stored(b) || stored(`${b}.400w.webp`)).toBe(false);
    expect(stored(a) && stored(c)).toBe(true);
    const events = await listAuditEvents(
      db,
      { subject: code, action: "listing.photos-save", actor: "", from: "", to: "" },
      5,
    );
    expect(events.rows[0]?.detail).toEqual({
      changes: {
        cover: { before: a, after: c },
        [`alt of ${c}`]: { before: "", after: "Garden at dusk" },
        [`alt of ${a}`]: { before: "", after: "Front door" },
      },
      order: [c, a],
      removed: [b],
    });

    // A second save from the same opening is refused, and changes nothing.
    const stale = await service.save(session, code, opened.revision, {
      photos: [{ file: a, alt: "" }],
      cover: a,
    });
    expect(stale).toEqual({ ok: false, reason: "conflict", revision: opened.revision + 1 });
    expect((await findPropertyRowByCode(db, code))?.cover_image).toBe(c);

    // A save cannot bring in a file the listing does not have.
    const smuggled = await service.save(session, code, opened.revision + 1, {
      photos: [{ file: "house.jpg", alt: "" }],
      cover: "house.jpg",
    });
    expect(smuggled.ok).toBe(false);
  });

  it("keeps a removed photo's files while another listing uses them", async () => {
    const [first, second] = [await listingCode(), await listingCode()];
    const service = photos();
    const bytes = await buildPhotoBytes({ color: "#707070" });
    const name = `${sha(bytes)}.jpg`;
    await service.upload(session, first, [{ name: "shared.jpg", bytes }]);
    await service.upload(session, second, [{ name: "shared.jpg", bytes }]);
    const opened = await service.open(session, first);
    if (!opened) throw new Error("no listing");
    const kept = opened.photos.filter((photo) => photo.file !== name);
    const saved = await service.save(session, first, opened.revision, {
      photos: kept,
      cover: opened.cover,
    });
    expect(saved).toEqual({ ok: true, removed: [name], deletedFiles: [] });
    expect(stored(name)).toBe(true);
    // Once the other listing lets it go too, the files are deleted.
    const other = await service.open(session, second);
    if (!other) throw new Error("no listing");
    const last = await service.save(session, second, other.revision, {
      photos: other.photos.filter((photo) => photo.file !== name),
      cover: other.cover,
    });
    expect(last).toMatchObject({ ok: true, deletedFiles: [name] });
    expect(stored(name) || stored(`${name}.1600w.webp`)).toBe(false);
  });

  it("puts back a file a clean-up deleted between an upload's store and its save", async () => {
    const code = await listingCode();
    const store = createFilesystemPhotoStore(imageDir);
    const bytes = await buildPhotoBytes({ color: "#808080" });
    const name = `${sha(bytes)}.jpg`;
    // The clean-up runs while the upload is between storing the file and saving the listing.
    const racing = {
      ...store,
      async put(file: string, content: Buffer) {
        await store.put(file, content);
        expect(await deleteUnusedPhotoFiles(db, store, [file])).toEqual([file]);
      },
    };
    const service = createAdminPhotos({
      database: test.handle,
      store: racing,
      log: silent,
    });
    const answer = await service.upload(session, code, [{ name: "race.jpg", bytes }]);
    expect(answer.results[0]).toMatchObject({ ok: true, file: name });
    expect(stored(name)).toBe(true);
    // And a file a listing uses is never deleted.
    expect(await deleteUnusedPhotoFiles(db, store, [name])).toEqual([]);
  });

  it("keeps the cover first, and alt text through the editor's save and an export imported back", async () => {
    const code = await listingCode();
    const service = photos();
    // Only uploaded photos and no floor plans, so the export's files are all in this test's
    // image folder.
    await db
      .updateTable("property")
      .set({ cover_image: "", image_list: "[]" })
      .where("code", "=", code)
      .execute();
    const { id } = await db
      .selectFrom("property")
      .select("id")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    await db.deleteFrom("floor_plan").where("property_id", "=", id).execute();
    const bytes = await buildPhotoBytes({ color: "#909090" });
    await service.upload(session, code, [
      { name: "front.jpg", bytes: await buildPhotoBytes({ color: "#a0a0a0" }) },
      { name: "porch.jpg", bytes },
    ]);
    const opened = await service.open(session, code);
    if (!opened) throw new Error("no listing");
    const name = `${sha(bytes)}.jpg`;
    // The new photo, last in the list, becomes the cover: it moves to the front.
    await service.save(session, code, opened.revision, {
      photos: opened.photos.map((photo) =>
        photo.file === name ? { ...photo, alt: "Porch with a swing" } : photo,
      ),
      cover: name,
    });
    const saved = await findPropertyRowByCode(db, code);
    expect(saved?.cover_image).toBe(name);
    expect(JSON.parse(saved?.image_list ?? "[]")[0]).toEqual({
      imageUrl: name,
      alt: "Porch with a swing",
    });

    // The listing editor's save keeps the photos as they are.
    const editing = await openListing(db, code);
    if (!editing) throw new Error("no listing");
    const edited = await saveListing(
      db,
      code,
      editing.revision,
      { ...editing.values, headline: "Porch and garden" },
      new Date(),
    );
    expect(edited.ok).toBe(true);
    const afterEdit = await findPropertyRowByCode(db, code);
    expect(afterEdit?.image_list).toBe(saved?.image_list);
    expect(afterEdit?.cover_image).toBe(name);

    // An export imported back changes nothing, alt text included.
    const exported = JSON.parse((await exportProperties(db, "json")).document) as Record<
      string,
      unknown
    >[];
    const record = exported.find((item) => item.code === code);
    if (!record) throw new Error("not exported");
    const report = await importProperties(
      db,
      [{ label: "item 1", fromCsv: false, values: record }],
      { imageDir },
    );
    expect(report.unchanged).toEqual([code]);
    expect((await findPropertyRowByCode(db, code))?.image_list).toBe(saved?.image_list);
  });

  it("refuses a photo damaged past its headers and leaves none of its files", async () => {
    const code = await listingCode();
    const whole = await buildPhotoBytes({ color: "#b0b0b0" });
    const damaged = whole.subarray(0, Math.floor(whole.length / 2));
    const answer = await photos().upload(session, code, [{ name: "cut.jpg", bytes: damaged }]);
    expect(answer.results).toEqual([
      {
        ok: false,
        name: "cut.jpg",
        message: "cut.jpg is damaged or could not be stored; try another copy.",
      },
    ]);
    const name = `${sha(damaged)}.jpg`;
    expect(readdirSync(join(imageDir, "property")).filter((file) => file.startsWith(name))).toEqual(
      [],
    );
  });

  it("answers nothing for a listing that does not exist", async () => {
    expect(await photos().open(session, "NO-SUCH")).toBeNull();
    const bytes = await buildPhotoBytes();
    expect(await photos().upload(session, "NO-SUCH", [{ name: "a.jpg", bytes }])).toMatchObject({
      ok: false,
      missing: true,
    });
    expect(await photos().save(session, "NO-SUCH", 0, { photos: [], cover: "" })).toEqual({
      ok: false,
      reason: "missing",
    });
  });
});
