/**
 * Two members of staff saving one listing (decision 044's addendum), through the listings
 * service on both dialects: a save over an older revision applies the fields only it changed,
 * keeps those only a colleague changed, and where both changed a field to different values
 * saves nothing and names the fields, who saved and when, until a choice per field is posted.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import type { EditableListing } from "../../lib/admin-listing-form.ts";
import { createTestImageDir } from "../../tests/support/app.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDialects,
} from "../../tests/support/test-database.ts";
import { createFilesystemPhotoStore } from "../photos/photo-store.ts";
import { openListing } from "./listing-editor/open.ts";
import { createAdminListings } from "./listings.ts";

const silent = { warn() {} };
const agentSaves = new Date("2026-11-28T17:04:00.000Z");
const ownerSaves = new Date("2026-11-28T17:09:00.000Z");

function staff(id: number, email: string, role: "owner" | "agent"): StaffSession {
  return {
    user: { id, email, role, hasPassword: true, createdAt: agentSaves.toISOString() },
    csrfToken: "x",
  };
}

describe.each(testDialects)("merging two people's saves of a listing on %s", (dialect) => {
  let test: TestDatabase;
  let db: Kysely<Database>;
  let codes: string[];
  const owner = staff(901, "owner@example.com", "owner");
  const agent = staff(902, "agent@example.com", "agent");
  let clock = agentSaves;
  const listings = () =>
    createAdminListings({
      database: test.handle,
      store: createFilesystemPhotoStore(createTestImageDir()),
      log: silent,
      now: () => clock,
    });

  beforeAll(async () => {
    test = await createTestDatabase(dialect, { seed: true });
    db = test.handle.db;
    // Listings without floor plans: the seed's plan files are not in the test's image folder.
    codes = [];
    for (const row of await listAllPropertyRows(db)) {
      if ((await openListing(db, row.code))?.values.floor_plans === "") codes.push(row.code);
    }
  });
  afterAll(() => test?.drop());

  /** Both open listing `code`; the agent saves `theirs` first, at 17:04. */
  async function agentSavedFirst(
    code: string,
    theirs: Partial<EditableListing["values"]>,
  ): Promise<EditableListing> {
    const service = listings();
    const opened = await service.open(owner, code);
    if (!opened) throw new Error(`no listing ${code}`);
    const agentForm = await service.open(agent, code);
    clock = agentSaves;
    const saved = await service.save(
      agent,
      code,
      agentForm!.revision,
      { ...agentForm!.values, ...theirs },
      { base: agentForm!.base, choices: {} },
    );
    expect(saved).toMatchObject({ ok: true });
    clock = ownerSaves;
    return opened;
  }

  it("applies fields only mine changed and keeps those only theirs changed, naming them", async () => {
    const code = codes[0] as string;
    const opened = await agentSavedFirst(code, { price: "1250000" });
    const saved = await listings().save(
      owner,
      code,
      opened.revision,
      { ...opened.values, headline: "Owner's headline", bedroom: "5" },
      { base: opened.base, choices: {} },
    );
    expect(saved).toEqual({
      ok: true,
      code,
      merged: {
        fields: ["price"],
        savedBy: [{ email: "agent@example.com", at: agentSaves.toISOString() }],
      },
    });
    expect(await findPropertyRowByCode(db, code)).toMatchObject({
      price: 1250000,
      headline: "Owner's headline",
      bedroom: 5,
    });
    // The notice after the save reads it back from the owner's save.
    expect(await listings().lastMerge(owner, code)).toEqual(saved.ok ? saved.merged : undefined);
    expect(await listings().lastMerge(agent, code)).toBeNull();
  });

  it("saves a field both changed to the same value without asking", async () => {
    const code = codes[1] as string;
    const opened = await agentSavedFirst(code, { headline: "Same words" });
    const saved = await listings().save(
      owner,
      code,
      opened.revision,
      { ...opened.values, headline: "Same words", bathroom: "3" },
      { base: opened.base, choices: {} },
    );
    expect(saved).toMatchObject({ ok: true, merged: { fields: ["headline"] } });
    expect(await findPropertyRowByCode(db, code)).toMatchObject({
      headline: "Same words",
      bathroom: 3,
    });
  });

  it("saves nothing where both changed a field, naming it, who saved and when", async () => {
    const code = codes[2] as string;
    const opened = await agentSavedFirst(code, { price: "1250000", city: "Their City" });
    const before = await findPropertyRowByCode(db, code);
    const mine = { ...opened.values, price: "990000", headline: "Owner's headline" };
    const refused = await listings().save(owner, code, opened.revision, mine, {
      base: opened.base,
      choices: {},
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: "conflict",
      revision: opened.revision + 1,
      conflicts: [{ field: "price", mine: "990000", theirs: "1250000" }],
      theirs: ["city"],
      savedBy: [{ email: "agent@example.com", at: agentSaves.toISOString() }],
    });
    // The form comes back with mine where only I changed, theirs where only they did.
    if (refused.ok || refused.reason !== "conflict") throw new Error("not a conflict");
    expect(refused.values).toMatchObject({
      price: "990000",
      headline: "Owner's headline",
      city: "Their City",
    });
    expect(await findPropertyRowByCode(db, code)).toEqual(before);

    // Then each choice is applied: theirs for the price, mine for the rest.
    const chosen = await listings().save(owner, code, opened.revision, refused.values, {
      base: opened.base,
      choices: { price: "theirs" },
    });
    expect(chosen).toMatchObject({ ok: true, merged: { fields: ["price", "city"] } });
    expect(await findPropertyRowByCode(db, code)).toMatchObject({
      price: 1250000,
      headline: "Owner's headline",
      city: "Their City",
    });
  });

  it("keeps mine for a conflicting field when that is the choice", async () => {
    const code = codes[3] as string;
    const opened = await agentSavedFirst(code, { price: "1250000" });
    const saved = await listings().save(
      owner,
      code,
      opened.revision,
      { ...opened.values, price: "990000" },
      { base: opened.base, choices: { price: "mine" } },
    );
    expect(saved.ok).toBe(true);
    expect((await findPropertyRowByCode(db, code))?.price).toBe(990000);
  });

  it("asks about every differing field when the form posted no base (an old form)", async () => {
    const code = codes[4] as string;
    const opened = await agentSavedFirst(code, { price: "1250000" });
    const refused = await listings().save(
      owner,
      code,
      opened.revision,
      { ...opened.values, headline: "Owner's headline" },
      { base: null, choices: {} },
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: "conflict",
      conflicts: [
        expect.objectContaining({ field: "headline" }),
        expect.objectContaining({ field: "price" }),
      ],
    });
  });

  it("does not count the description box's own spelling of unchanged HTML as a change", async () => {
    const code = codes[5] as string;
    const opened = await agentSavedFirst(code, { description: "<p>Their new description.</p>" });
    // The box posts the HTML it was given with other line breaks and spacing.
    const respelled = opened.values.description.replace(/\n/g, "\r\n");
    const saved = await listings().save(
      owner,
      code,
      opened.revision,
      { ...opened.values, description: respelled, rating: "4" },
      { base: opened.base, choices: {} },
    );
    expect(saved).toMatchObject({ ok: true, merged: { fields: ["description"] } });
    expect((await findPropertyRowByCode(db, code))?.description).toBe(
      "<p>Their new description.</p>",
    );
  });
});
