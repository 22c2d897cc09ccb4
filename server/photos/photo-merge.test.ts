/**
 * Two members of staff saving one listing's photos (decision 056's addendum), through the photo
 * service on both dialects: a save posted with the page's base merges photo by photo with what a
 * colleague saved since (my alt texts where theirs did not change that photo's, theirs where
 * mine did not, their removals kept), and where both changed one photo's alt text it saves
 * nothing and names the photo, who saved and when, until a choice is posted.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import { type ListingPhotos, photosOfRow } from "../../lib/admin-photos.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import { buildPhotoBytes } from "../../tests/support/factories.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createFilesystemPhotoStore } from "./photo-store.ts";
import { createAdminPhotos } from "./service.ts";

const silent = { warn() {} };
const theirTime = new Date("2026-11-28T17:04:00.000Z");

function staff(id: number, email: string): StaffSession {
  return {
    user: { id, email, role: "agent", hasPassword: true, createdAt: theirTime.toISOString() },
    csrfToken: "x",
  };
}

describe.each(testDialects)("merging two people's photo saves on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  const mine = staff(911, "owner@example.com");
  const theirs = staff(912, "agent@example.com");
  let taken = 0;
  const photos = () =>
    createAdminPhotos({
      database: test.handle,
      store: createFilesystemPhotoStore(createTestImageDir()),
      log: silent,
      now: () => theirTime,
    });

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
  });
  afterAll(() => test?.drop());

  /** A seeded listing with at least three photos, opened by both. */
  async function openedByBoth(): Promise<ListingPhotos> {
    const rows = (await listAllPropertyRows(db)).filter(
      (row) => photosOfRow(row).photos.length >= 3,
    );
    const row = rows[taken++];
    if (!row) throw new Error("the seed has too few listings with photos");
    const opened = await photos().open(mine, row.code);
    if (!opened) throw new Error("no listing");
    return opened;
  }

  const storedPhotos = async (code: string) =>
    photosOfRow((await findPropertyRowByCode(db, code)) ?? { cover_image: "", image_list: "[]" });

  it("keeps my alt text and theirs on different photos, and the photo they removed", async () => {
    const opened = await openedByBoth();
    const [a, b, c] = opened.photos.map((photo) => photo.file) as [string, string, string];
    // The colleague gives photo b an alt text and removes photo c.
    const theirSave = await photos().save(
      theirs,
      opened.code,
      opened.revision,
      {
        photos: opened.photos
          .filter((photo) => photo.file !== c)
          .map((photo) => (photo.file === b ? { ...photo, alt: "Their kitchen" } : photo)),
        cover: opened.cover,
      },
      { base: opened.base, removed: [c], choices: {} },
    );
    expect(theirSave.ok).toBe(true);
    // Mine, from the page opened before: the alt text of photo a.
    const saved = await photos().save(
      mine,
      opened.code,
      opened.revision,
      {
        photos: opened.photos.map((photo) =>
          photo.file === a ? { ...photo, alt: "My front door" } : photo,
        ),
        cover: opened.cover,
      },
      { base: opened.base, removed: [], choices: {} },
    );
    expect(saved).toMatchObject({
      ok: true,
      merged: {
        savedBy: [{ email: "agent@example.com", at: theirTime.toISOString() }],
        alts: 1,
        order: false,
        cover: false,
      },
    });
    const after = await storedPhotos(opened.code);
    expect(after.photos.find((photo) => photo.file === a)?.alt).toBe("My front door");
    expect(after.photos.find((photo) => photo.file === b)?.alt).toBe("Their kitchen");
    expect(after.photos.some((photo) => photo.file === c)).toBe(false);
    expect(await photos().lastMerge(mine, opened.code)).toEqual(saved.ok ? saved.merged : null);
  });

  it("asks where both changed one photo's alt text, naming who and when, then applies the choice", async () => {
    const opened = await openedByBoth();
    const [a, b] = opened.photos.map((photo) => photo.file) as [string, string];
    const withAlts = (alts: Record<string, string>) =>
      opened.photos.map((photo) => ({ ...photo, alt: alts[photo.file] ?? photo.alt }));
    await photos().save(
      theirs,
      opened.code,
      opened.revision,
      { photos: withAlts({ [a]: "Their words" }), cover: opened.cover },
      { base: opened.base, removed: [], choices: {} },
    );
    const before = await findPropertyRowByCode(db, opened.code);
    const posted = { photos: withAlts({ [a]: "My words", [b]: "My garden" }), cover: opened.cover };
    const refused = await photos().save(mine, opened.code, opened.revision, posted, {
      base: opened.base,
      removed: [],
      choices: {},
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: "conflict",
      revision: opened.revision + 1,
      conflicts: [{ file: a, mine: "My words", theirs: "Their words" }],
      savedBy: [{ email: "agent@example.com", at: theirTime.toISOString() }],
    });
    // Nothing is saved; the page gets back the merge, with every typed alt text in it.
    expect(await findPropertyRowByCode(db, opened.code)).toEqual(before);
    if (refused.ok || refused.reason !== "conflict") throw new Error("not a conflict");
    expect(refused.draft?.photos.find((photo) => photo.file === b)?.alt).toBe("My garden");
    expect(refused.draft?.photos.find((photo) => photo.file === a)?.alt).toBe("My words");

    const chosen = await photos().save(
      mine,
      opened.code,
      opened.revision,
      refused.draft ?? posted,
      { base: opened.base, removed: [], choices: { [a]: "theirs" } },
    );
    expect(chosen).toMatchObject({ ok: true, merged: { alts: 1 } });
    const after = await storedPhotos(opened.code);
    expect(after.photos.find((photo) => photo.file === a)?.alt).toBe("Their words");
    expect(after.photos.find((photo) => photo.file === b)?.alt).toBe("My garden");
  });

  it("keeps my new order when they changed only alt texts", async () => {
    const opened = await openedByBoth();
    const files = opened.photos.map((photo) => photo.file);
    const [a, b] = files as [string, string];
    await photos().save(
      theirs,
      opened.code,
      opened.revision,
      {
        photos: opened.photos.map((photo) =>
          photo.file === b ? { ...photo, alt: "Their view" } : photo,
        ),
        cover: opened.cover,
      },
      { base: opened.base, removed: [], choices: {} },
    );
    // Mine: the last photo moved up after the cover.
    const last = files.at(-1) as string;
    const reordered = [a, last, ...files.slice(1, -1)];
    const saved = await photos().save(
      mine,
      opened.code,
      opened.revision,
      {
        photos: reordered.map((file) => opened.photos.find((photo) => photo.file === file)!),
        cover: opened.cover,
      },
      { base: opened.base, removed: [], choices: {} },
    );
    expect(saved.ok).toBe(true);
    const after = await storedPhotos(opened.code);
    expect(after.photos.map((photo) => photo.file)).toEqual(reordered);
    expect(after.photos.find((photo) => photo.file === b)?.alt).toBe("Their view");
  });

  it("keeps the alt text of a photo this page uploaded, and the order given after it", async () => {
    const opened = await openedByBoth();
    const service = photos();
    const bytes = await buildPhotoBytes({ color: "#3366aa" });
    const uploaded = await service.upload(mine, opened.code, [{ name: "new.jpg", bytes }]);
    const file = uploaded.results[0]?.ok ? uploaded.results[0].file : "";
    const [a, ...others] = opened.photos;
    const arranged = [a!, { file, alt: "Just uploaded" }, ...others];
    const saved = await service.save(
      mine,
      opened.code,
      uploaded.revision ?? opened.revision,
      { photos: arranged, cover: opened.cover },
      { base: opened.base, removed: [], choices: {} },
    );
    expect(saved).toMatchObject({ ok: true });
    const after = await storedPhotos(opened.code);
    expect(after.photos).toEqual(arranged);
  });

  it("still refuses a stale save posted without a base (a page from before)", async () => {
    const opened = await openedByBoth();
    await photos().save(theirs, opened.code, opened.revision, {
      photos: opened.photos,
      cover: opened.cover,
    });
    expect(
      await photos().save(mine, opened.code, opened.revision, {
        photos: opened.photos,
        cover: opened.cover,
      }),
    ).toEqual({ ok: false, reason: "conflict", revision: opened.revision + 1 });
  });
});
