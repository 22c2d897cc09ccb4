/**
 * Importing and exporting listings in the back office (decision 096) through the app, on both
 * dialects: an uploaded file's dry run (rows to add, update and refuse, by row) saves nothing;
 * applying it saves the good rows with each listing's audit event, once however often it is
 * posted, and the public pages show them at once (page cache warm); the download is the
 * command's export, streamed as a file; agents download but never import; a wrong file is
 * refused with its reason, never a 500; an upload is its uploader's, for a while only.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import {
  claimListingImport,
  findListingImport,
  keepListingImport,
} from "../../db/queries/listing-import.ts";
import { findPropertyRowByCode } from "../../db/queries/property.ts";
import { listingImportLimits, listingImportMessages } from "../../lib/admin-listing-transfer.ts";
import { formatCsv } from "../../lib/csv.ts";
import { buildPropertyImportRow } from "../../tests/support/factories.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { exportProperties } from "../content/export-properties.ts";
import { type PropertyColumn, propertyColumns } from "../content/property-record.ts";

const page = "/admin/listings/import-export";

/** A CSV import file of these rows, with every column. */
function csvOf(rows: Record<PropertyColumn, string>[]): string {
  return formatCsv(
    propertyColumns,
    rows.map((row) => propertyColumns.map((column) => row[column])),
  );
}

/** A multipart body as a browser posts it. */
async function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get("content-type") ?? "",
  };
}

/** The text of a page's HTML, tags dropped and entities of quotes read. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

describe.each(testDialects)("importing and exporting listings on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  async function signedIn(role: StaffRole) {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    return { browser, email };
  }

  /** Posts the import form with `file` (a File, or "" for none chosen) from `browser`. */
  async function upload(browser: AdminBrowser, file: File | "", csrf?: string) {
    const { payload, contentType } = await multipart({
      csrf: csrf ?? (await browser.tokenFrom(page)),
      intent: "check",
      file: file === "" ? new File([], "", { type: "application/octet-stream" }) : file,
    });
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return app.inject({
      method: "POST",
      url: page,
      headers: { "content-type": contentType, cookie },
      payload,
    });
  }

  async function apply(browser: AdminBrowser, location: string) {
    const token = new URL(location, "http://localhost").searchParams.get("upload") as string;
    const csrf = await browser.tokenFrom(location);
    return browser.post(page, { csrf, intent: "apply", upload: token });
  }

  const csvFile = (text: string, name = "listings.csv") =>
    new File([text], name, { type: "text/csv" });

  async function importEvents(actor: string) {
    return database.handle.db
      .selectFrom("audit_event")
      .select(["subject_id", "detail"])
      .where("action", "=", "listing.import")
      .where("actor_email", "=", actor)
      .orderBy("id")
      .execute();
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, { PAGE_CACHE_TTL: "600" }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("shows an upload's dry run, saves nothing until applied, then saves the good rows once", async () => {
    const { browser: owner, email } = await signedIn("owner");
    const listings = await owner.get("/admin/listings");
    expect(listings.body).toContain(`href="${page}"`);

    const first = buildPropertyImportRow();
    const second = buildPropertyImportRow({ amenities: "Garden|Rooftop sauna" });
    const refused = buildPropertyImportRow({ price: "lots" });
    const missingPhoto = buildPropertyImportRow({ images: "not-here.jpg" });
    const checked = await upload(
      owner,
      csvFile(csvOf([first, refused, second, missingPhoto]), "spring.csv"),
    );
    expect(checked.statusCode).toBe(302);
    const location = checked.headers.location as string;
    expect(location).toMatch(/^\/admin\/listings\/import-export\?upload=[\w-]{32}$/);

    const dryRun = await owner.get(location);
    expect(dryRun.statusCode).toBe(200);
    const text = textOf(dryRun.body);
    expect(text).toContain("Dry run of spring.csv");
    expect(text).toContain("2 listings to add, 0 to update, 0 unchanged, 2 rows refused");
    expect(text).toContain(`row 2 ${first.code}`);
    expect(text).toContain(`row 4 ${second.code}`);
    expect(text).toMatch(new RegExp(`row 3 ${refused.code} price must be a (number|positive)`));
    expect(text).toContain(
      `row 5 ${missingPhoto.code} image 'not-here.jpg' is not in the image folder (${listingImportMessages.missingFileHint})`,
    );
    expect(text).toContain("New amenities: Rooftop sauna.");
    expect(text).toContain("Apply: add 2, update 0");
    expect(await findPropertyRowByCode(database.handle.db, first.code)).toBeUndefined();
    const publicPath = `/property/${first.slug}`;
    expect((await app.inject({ method: "GET", url: publicPath })).statusCode).not.toBe(200);

    // A second press, or a second app server, applies it once.
    const [applied, again] = await Promise.all([apply(owner, location), apply(owner, location)]);
    expect(applied.statusCode).toBe(302);
    expect(applied.headers.location).toBe(location);
    expect(again.statusCode).toBe(302);
    expect(await findPropertyRowByCode(database.handle.db, first.code)).toMatchObject({
      headline: first.headline,
    });
    expect(await findPropertyRowByCode(database.handle.db, refused.code)).toBeUndefined();
    expect(await importEvents(email)).toMatchObject([
      { subject_id: first.code },
      { subject_id: second.code },
    ]);
    const report = textOf((await owner.get(location)).body);
    expect(report).toContain("Import of spring.csv");
    expect(report).toMatch(/Imported .*: 2 listings added, 0 updated, 0 unchanged, 2 rows refused/);
    expect(report).not.toContain("Apply:");
    const publicPage = await app.inject({ method: "GET", url: publicPath });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain(first.headline);

    // The same rows, one changed: its update, the other unchanged; the cached page follows.
    const renamed = { ...first, headline: "Renamed by a spreadsheet" };
    const next = await upload(owner, csvFile(csvOf([renamed, second])));
    const nextLocation = next.headers.location as string;
    const nextText = textOf((await owner.get(nextLocation)).body);
    expect(nextText).toContain("0 listings to add, 1 to update, 1 unchanged, 0 rows refused");
    expect(nextText).toContain(`row 2 ${first.code}`);
    expect((await apply(owner, nextLocation)).statusCode).toBe(302);
    expect(await importEvents(email)).toHaveLength(3);
    expect((await importEvents(email))[2]).toMatchObject({ subject_id: first.code });
    const changedPage = await app.inject({ method: "GET", url: publicPath });
    expect(changedPage.body).toContain("Renamed by a spreadsheet");
  });

  it("imports a JSON file, its items numbered", async () => {
    const { browser: owner } = await signedIn("owner");
    const row = buildPropertyImportRow();
    const json = JSON.stringify([row, { ...buildPropertyImportRow(), offer_type: "Swap" }, 7]);
    const checked = await upload(owner, new File([json], "rows.json"));
    const text = textOf((await owner.get(checked.headers.location as string)).body);
    expect(text).toContain("1 listing to add, 0 to update, 0 unchanged, 2 rows refused");
    expect(text).toContain(`item 1 ${row.code}`);
    expect(text).toMatch(/item 2 IMP-\d+ offer_type/);
    expect(text).toContain("item 3 — is not an object");
  });

  it("refuses a wrong file with its reason, keeping the form, and a post without the form's token", async () => {
    const { browser: owner } = await signedIn("owner");
    const refusal = async (file: File | "", status = 400) => {
      const answer = await upload(owner, file);
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(status);
      return textOf(answer.body);
    };
    expect(await refusal("")).toContain(listingImportMessages.noFile);
    expect(await refusal(new File(["code\n"], "listings.xlsx"))).toContain(
      listingImportMessages.wrongType("listings.xlsx"),
    );
    expect(await refusal(new File([], "empty.csv"))).toContain(
      listingImportMessages.empty("empty.csv"),
    );
    expect(await refusal(csvFile(formatCsv(propertyColumns, []), "header.csv"))).toContain(
      listingImportMessages.noRows("header.csv"),
    );
    expect(await refusal(csvFile("code,colour\nA-1,red\n", "odd.csv"))).toContain(
      "odd.csv: unknown column 'colour'",
    );
    expect(await refusal(new File(["{"], "broken.json"))).toContain("broken.json: not valid JSON");
    expect(
      await refusal(new File([new Uint8Array([0x63, 0xff, 0xfe, 0x0a])], "latin.csv")),
    ).toContain(listingImportMessages.notText("latin.csv"));
    const kept = () => database.handle.db.selectFrom("listing_import").select("id").execute();
    const before = await kept();
    const forged = await upload(owner, csvFile(csvOf([buildPropertyImportRow()])), "forged");
    expect(forged.statusCode).toBe(403);
    expect(await kept()).toEqual(before);
    // Past the page's limit: refused by the service, the form kept.
    const tooLarge = await refusal(csvFile("x".repeat(listingImportLimits.maxBytes + 1)));
    expect(tooLarge).toContain(listingImportMessages.tooLarge);
    expect(tooLarge).toContain("Check the file");
    // Far past it: refused before it is read.
    const huge = await upload(
      owner,
      csvFile("x".repeat(listingImportLimits.maxBytes + 128 * 1024)),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toBe(listingImportMessages.tooLarge);
  });

  it("lets an agent download but not import", async () => {
    const { browser: agent } = await signedIn("agent");
    const listing = await agent.get(page);
    expect(listing.statusCode).toBe(200);
    expect(listing.body).toContain('href="/admin/listings/export?format=csv"');
    expect(listing.body).not.toContain('type="file"');
    expect(textOf(listing.body)).toContain("Only an owner can import listings.");
    const csrf = await agent.tokenFrom(page);
    expect((await agent.post(page, { csrf, intent: "apply", upload: "x" })).statusCode).toBe(403);
    expect((await agent.get(`${page}?upload=x`)).statusCode).toBe(403);
    expect((await agent.get("/admin/listings/export?format=json")).statusCode).toBe(200);
  });

  it("downloads every listing as the command exports them, as a dated file", async () => {
    const { browser: agent } = await signedIn("agent");
    const day = new Date().toISOString().slice(0, 10);
    for (const format of ["csv", "json"] as const) {
      const answer = await agent.get(`/admin/listings/export?format=${format}`);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe(
        format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      );
      expect(answer.headers["content-disposition"]).toBe(
        `attachment; filename="listings-${day}.${format}"`,
      );
      expect(answer.headers["cache-control"]).toContain("no-store");
      const { document, count } = await exportProperties(database.handle.db, format);
      expect(count).toBeGreaterThan(20);
      expect(answer.body).toBe(document);
    }
    expect((await agent.get("/admin/listings/export?format=xlsx")).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/admin/listings/export" })).statusCode).toBe(
      302,
    );
  });

  it("keeps an upload for its uploader only, and for a while only", async () => {
    const { browser: owner } = await signedIn("owner");
    const { browser: other } = await signedIn("owner");
    const checked = await upload(owner, csvFile(csvOf([buildPropertyImportRow()])));
    const location = checked.headers.location as string;
    const gone = await other.get(location);
    expect(gone.statusCode).toBe(200);
    expect(textOf(gone.body)).toContain("This upload has expired");
    const refused = await apply(other, location);
    expect(refused.statusCode).toBe(409);
    expect(textOf(refused.body)).toContain(listingImportMessages.gone);

    const db = database.handle.db;
    const user = await db
      .selectFrom("staff_user")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const at = new Date("2026-11-29T10:00:00.000Z");
    const kept = {
      userId: user.id,
      fileName: "a.csv",
      rows: "[]",
      report: "{}",
      at,
      expiresAt: new Date(at.getTime() + 60_000),
    };
    await keepListingImport(db, { ...kept, id: "first" });
    const later = new Date(at.getTime() + 61_000);
    expect(await findListingImport(db, "first", user.id, at)).toMatchObject({ fileName: "a.csv" });
    expect(await findListingImport(db, "first", user.id, later)).toBeUndefined();
    expect(await claimListingImport(db, "first", user.id, later)).toBe(false);
    // A new upload replaces the member's earlier one.
    await keepListingImport(db, { ...kept, id: "second" });
    expect(await findListingImport(db, "first", user.id, at)).toBeUndefined();
    expect(await claimListingImport(db, "second", user.id, at)).toBe(true);
    expect(await claimListingImport(db, "second", user.id, at)).toBe(false);
  });
});
