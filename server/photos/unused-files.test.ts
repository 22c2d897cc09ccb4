/**
 * Files no listing uses any more (decision 060), on both dialects: deleting a listing, dropping
 * a floor plan in the editor and a re-import that names fewer photos delete the files they
 * dropped once no other listing uses them, and the sweep deletes old files nothing names,
 * keeping young ones, used ones and every file whose name is not content-hashed.
 */
import { createHash } from "node:crypto";
import { existsSync, utimesSync } from "node:fs";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { replaceFloorPlans } from "../../db/queries/floor-plan.ts";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import { photoLimits } from "../../lib/admin-photos.ts";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { createTestApp, createTestImageDir } from "../../tests/support/app.ts";
import {
  buildPdfBytes,
  buildPhotoBytes,
  buildPropertyImportRow,
} from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { runPhotosCli } from "../cli/photos.ts";
import { importProperties } from "../content/import-properties.ts";
import { createAdminListings } from "../staff/listings.ts";
import { createFilesystemPhotoStore, type PhotoStore, photoNamesIn } from "./photo-store.ts";
import { createAdminPhotos } from "./service.ts";
import { sweepUnusedPhotoFiles } from "./unused-files.ts";

const silent = { warn() {} };
const hourMs = 60 * 60 * 1000;
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("the names a listing's texts hold", () => {
  it("finds content-hashed names in a cover, a photo list and a floor plan, and nothing else", () => {
    const name = `${"ab".repeat(32)}.jpg`;
    expect(photoNamesIn(name)).toEqual([name]);
    expect(
      photoNamesIn(JSON.stringify([{ imageUrl: name, alt: "" }, "house-0123456789ab.jpg"])),
    ).toEqual([name]);
    expect(photoNamesIn(`https://plans.example.com/${name}`)).toEqual([name]);
    expect(photoNamesIn(`x${name}`)).toEqual([]);
    expect(photoNamesIn(`${name}x`)).toEqual([]);
    expect(photoNamesIn("floor-plan-hp-1009-1.png")).toEqual([]);
  });
});

describe.each(testDialects)("files no listing uses on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let imageDir: string;
  let store: PhotoStore;
  let session: StaffSession;
  let shade = 0;
  let taken = 0;

  /** Stores a new photo (with its derivatives) stored `hoursAgo` hours ago; answers its name. */
  async function storePhoto(hoursAgo = 0): Promise<string> {
    shade += 1;
    const bytes = await buildPhotoBytes({
      color: `#${(shade * 2371).toString(16).padStart(6, "0").slice(-6)}`,
    });
    const name = `${sha(bytes)}.jpg`;
    await store.put(name, bytes);
    age(name, hoursAgo);
    return name;
  }
  function age(name: string, hoursAgo: number) {
    const at = new Date(Date.now() - hoursAgo * hourMs);
    utimesSync(join(imageDir, "property", name), at, at);
  }
  const stored = (name: string) => existsSync(join(imageDir, "property", name));
  const derivative = (name: string) => stored(imageVariantPath(name, 800));

  async function listing() {
    const row = (await listAllPropertyRows(db))[taken++];
    if (!row) throw new Error("the seed has too few listings");
    return row;
  }
  /** Makes `files` the listing's photos, the first its cover. */
  async function setPhotos(code: string, files: readonly string[]) {
    await db
      .updateTable("property")
      .set({
        cover_image: files[0] ?? "",
        image_list: JSON.stringify(files.map((file) => ({ imageUrl: file, alt: "" }))),
      })
      .where("code", "=", code)
      .execute();
  }
  const listings = () => createAdminListings({ database: test.handle, store, log: silent });

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    imageDir = createTestImageDir();
    store = createFilesystemPhotoStore(imageDir);
    const email = `sweep-${dialect}@example.com`;
    const createdAt = new Date().toISOString();
    const user = await db
      .insertInto("staff_user")
      .values({ email, role: "owner", password_hash: null, created_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    session = {
      user: { id: user.id, email, role: "owner", hasPassword: true, createdAt },
      csrfToken: "x",
    };
  });
  afterAll(() => test?.drop());

  it("deletes a deleted listing's own files with their derivatives, keeping one another listing uses", async () => {
    const doomed = await listing();
    const other = await listing();
    const own = await storePhoto();
    const shared = await storePhoto();
    const plan = `${sha(buildPdfBytes(`plan ${dialect}`))}.pdf`;
    await store.put(plan, buildPdfBytes(`plan ${dialect}`));
    await setPhotos(doomed.code, [own, shared]);
    await setPhotos(other.code, [shared]);
    await replaceFloorPlans(db, doomed.id, [{ label: "Ground floor", file: plan, kind: "pdf" }]);
    expect(derivative(own)).toBe(true);

    expect(await listings().change(session, doomed.code, "delete")).toBe("changed");
    expect(stored(own)).toBe(false);
    expect(derivative(own)).toBe(false);
    expect(stored(plan)).toBe(false);
    expect(stored(shared)).toBe(true);
    expect(derivative(shared)).toBe(true);
    // The demo image of the seed is never touched.
    expect(stored("house.jpg")).toBe(true);
  });

  it("deletes a floor plan's file the editor's save drops", async () => {
    const row = await listing();
    const kept = await storePhoto();
    const dropped = await storePhoto();
    await replaceFloorPlans(db, row.id, [
      { label: "Ground floor", file: kept, kind: "image" },
      { label: "First floor", file: dropped, kind: "image" },
    ]);
    const service = listings();
    const opened = await service.open(session, row.code);
    if (!opened) throw new Error("no listing");
    const saved = await service.save(session, row.code, opened.revision, {
      ...opened.values,
      floor_plans: `Ground floor=${kept}`,
    });
    expect(saved).toEqual({ ok: true, code: row.code });
    expect(stored(dropped)).toBe(false);
    expect(stored(kept)).toBe(true);
  });

  it("deletes a photo a re-import no longer names, unless another listing uses it", async () => {
    const [first, second, third] = [await storePhoto(), await storePhoto(), await storePhoto()];
    const other = await listing();
    await setPhotos(other.code, [third]);
    const row = buildPropertyImportRow({ images: `${first}|${second}|${third}` });
    const imported = await importProperties(db, [{ label: "row 1", fromCsv: true, values: row }], {
      imageDir,
    });
    expect(imported).toMatchObject({ inserted: [row.code], deletedImages: 0 });

    const again = await importProperties(
      db,
      [{ label: "row 1", fromCsv: true, values: { ...row, images: first } }],
      { imageDir },
    );
    expect(again).toMatchObject({ updated: [row.code], deletedImages: 1 });
    expect((await findPropertyRowByCode(db, row.code))?.cover_image).toBe(first);
    expect(stored(first)).toBe(true);
    expect(stored(second)).toBe(false);
    expect(stored(third)).toBe(true);

    // A dry run deletes nothing.
    const dry = await importProperties(
      db,
      [{ label: "row 1", fromCsv: true, values: { ...row, images: "" } }],
      { imageDir, dryRun: true },
    );
    expect(dry).toMatchObject({ updated: [row.code], deletedImages: 0 });
    expect(stored(first)).toBe(true);
  });

  it("deletes an upload's files when its listing was deleted meanwhile, or they were over the limit", async () => {
    const gone = await listing();
    const bytes = await buildPhotoBytes({ color: "#0a0b0c" });
    const name = `${sha(bytes)}.jpg`;
    // The listing is deleted while the upload is between storing the file and saving it.
    const racing: PhotoStore = {
      ...store,
      async put(file, content) {
        await store.put(file, content);
        await db.deleteFrom("property").where("code", "=", gone.code).execute();
      },
    };
    const answer = await createAdminPhotos({
      database: test.handle,
      store: racing,
      log: silent,
    }).upload(session, gone.code, [{ name: "late.jpg", bytes }]);
    expect(answer).toMatchObject({ ok: false });
    expect(stored(name)).toBe(false);

    const full = await listing();
    await setPhotos(
      full.code,
      Array.from(
        { length: photoLimits.maxPhotosPerListing },
        (_, index) => `${index.toString(16).padStart(64, "0")}.jpg`,
      ),
    );
    const more = await buildPhotoBytes({ color: "#0c0b0a" });
    const refused = await createAdminPhotos({
      database: test.handle,
      store,
      log: silent,
    }).upload(session, full.code, [{ name: "one-more.jpg", bytes: more }]);
    expect(refused.results[0]).toMatchObject({ ok: false, name: "one-more.jpg" });
    expect(stored(`${sha(more)}.jpg`)).toBe(false);
  });

  it("sweeps old files nothing names, keeping young ones, used ones and names not content-hashed", async () => {
    const used = await listing();
    const cover = await storePhoto(48);
    const plan = await storePhoto(48);
    await setPhotos(used.code, [cover]);
    await replaceFloorPlans(db, used.id, [{ label: "Plan", file: plan, kind: "image" }]);
    const orphan = await storePhoto(48);
    const young = await storePhoto(1);
    age("house.jpg", 1000);
    const options = { graceMs: 24 * hourMs, now: new Date() };

    const dry = await sweepUnusedPhotoFiles(db, store, { ...options, dryRun: true });
    expect(dry.deleted).toContain(orphan);
    expect(dry.deleted).not.toContain(young);
    expect(stored(orphan)).toBe(true);

    const swept = await sweepUnusedPhotoFiles(db, store, { ...options, dryRun: false });
    expect(swept.deleted).toEqual(dry.deleted);
    expect(swept.used).toBeGreaterThanOrEqual(2);
    expect(stored(orphan)).toBe(false);
    expect(derivative(orphan)).toBe(false);
    for (const name of [cover, plan, young]) expect(stored(name), name).toBe(true);
    expect(derivative(cover)).toBe(true);
    expect(stored("house.jpg")).toBe(true);

    // Once the grace period is over, the young file goes too.
    age(young, 25);
    expect((await sweepUnusedPhotoFiles(db, store, { ...options, dryRun: false })).deleted).toEqual(
      [young],
    );
  });

  it("sweeps from the command, listing the files; a dry run deletes nothing", async () => {
    const orphan = await storePhoto(3);
    const lines: string[] = [];
    const io = {
      stdout: (text: string) => lines.push(text),
      stderr: (text: string) => lines.push(text),
      env: { DATABASE_URL: test.url, IMAGE_DIR: imageDir, LOG_LEVEL: "silent" },
    };
    expect(await runPhotosCli(["sweep", "--dry-run", "--grace-hours", "2"], io)).toBe(0);
    expect(lines.join("")).toMatch(
      /^Dry run, nothing deleted: \d+ uploaded files stored, \d+ used by listings, 1 would be deleted\.\n/,
    );
    expect(lines.join("")).toContain(`  ${orphan}\n`);
    expect(stored(orphan)).toBe(true);
    // The default grace period is a day.
    lines.length = 0;
    expect(await runPhotosCli(["sweep"], io)).toBe(0);
    expect(lines.join("")).toContain(", 0 deleted.");
    expect(stored(orphan)).toBe(true);
    lines.length = 0;
    expect(await runPhotosCli(["sweep", "--grace-hours", "2"], io)).toBe(0);
    expect(lines.join("")).toContain(", 1 deleted.");
    expect(stored(orphan)).toBe(false);

    lines.length = 0;
    expect(await runPhotosCli(["sweep", "--grace-hours", "0"], io)).toBe(2);
    expect(lines.join("")).toContain(
      "--grace-hours must be a whole number of at least 1, not '0'.",
    );
    expect(await runPhotosCli(["tidy"], io)).toBe(2);
  });
});

describe("the sweep in the server", () => {
  it("runs at start on every app server when PHOTO_SWEEP_HOURS is set, and not otherwise", async () => {
    const off = await createTestApp("sqlite");
    try {
      expect(off.app.jobs.photoSweep).toBeUndefined();
    } finally {
      await off.close();
    }
    const imageDir = createTestImageDir();
    const store = createFilesystemPhotoStore(imageDir);
    const bytes = await buildPhotoBytes({ color: "#123456" });
    const orphan = `${sha(bytes)}.jpg`;
    await store.put(orphan, bytes);
    const old = new Date(Date.now() - 48 * hourMs);
    utimesSync(join(imageDir, "property", orphan), old, old);
    const on = await createTestApp("sqlite", { PHOTO_SWEEP_HOURS: "6", IMAGE_DIR: imageDir });
    try {
      await on.app.ready();
      expect(on.app.jobs.photoSweep).toBeDefined();
      // The run begun at start, or a new one: either way the orphan is gone after it.
      await on.app.jobs.photoSweep!.runOnce();
      expect(existsSync(join(imageDir, "property", orphan))).toBe(false);
      expect(existsSync(join(imageDir, "property", "house.jpg"))).toBe(true);
    } finally {
      await on.close();
    }
  });
});
