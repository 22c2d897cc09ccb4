/**
 * The listing editor's position through the app (decision 069), on both dialects: a far or
 * swapped position posted without JavaScript is refused with the warning and the box that
 * confirms it, then saved once ticked; the editor's live check answers the same warning; "Find
 * on map" asks a Nominatim-compatible stub from the server when GEOCODER_URL is set, and with it
 * unset no page, check or post of the editor asks any host anything.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import { type GeocoderStub, startGeocoderStub } from "../../tests/support/geocoder-stub.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

/** The editor's form fields as a browser posts them (text inputs, selects, the description). */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const form = html.slice(html.indexOf('class="admin-editor"'));
  for (const match of form.matchAll(/<input([^>]*)>/g)) {
    const attributes = match[1]!;
    const name = /name="([^"]+)"/.exec(attributes)?.[1];
    const type = /type="([^"]+)"/.exec(attributes)?.[1] ?? "text";
    if (!name || type === "checkbox" || type === "submit") continue;
    const value = /value="([^"]*)"/.exec(attributes)?.[1] ?? "";
    fields[name] = value.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
  }
  for (const match of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    fields[match[1]!] = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(match[2]!)?.[1] ?? "";
  }
  const description = /<textarea[^>]*name="description"[^>]*>([\s\S]*?)<\/textarea>/.exec(form);
  fields.description = (description?.[1] ?? "").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  return fields;
}

async function signedInAgent(app: FastifyInstance): Promise<AdminBrowser> {
  const { email, password } = await createStaffMember(app, "agent");
  const browser = adminBrowser(app);
  expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
  return browser;
}

describe.each(testDialects)("the listing editor's position on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stub: GeocoderStub;

  beforeAll(async () => {
    stub = await startGeocoderStub({});
    // No GEOCODER_URL: the stub only listens, to show it is never asked.
    ({ app, database } = await createBackOfficeApp(dialect, { CONTACT_RATE_LIMIT: "off" }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await stub?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  /** A placed London listing of the seed no other test here has moved. */
  let taken = 0;
  async function londonListing() {
    const rows = await listAllPropertyRows(database.handle.db);
    const row = rows.filter((found) => found.city === "London" && found.latitude !== null)[taken++];
    if (!row) throw new Error("the seed has too few placed London listings");
    return row;
  }

  it("refuses a swapped position posted without JavaScript until that position is confirmed", async () => {
    const row = await londonListing();
    const browser = await signedInAgent(app);
    const fields = formFields((await browser.get(`/admin/listings/${row.code}/edit`)).body);
    const swapped = { ...fields, latitude: String(row.longitude), longitude: String(row.latitude) };
    const refused = await browser.post(`/admin/listings/${row.code}/edit`, swapped);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      "Position on the map looks like latitude and longitude swapped: it is",
    );
    // The summary links to the box that confirms it, which carries the position it confirms.
    expect(refused.body).toContain('href="#listing-location"');
    const confirmation = `${row.longitude},${row.latitude}`;
    const box = /<input id="listing-location"[^>]*>/.exec(refused.body)?.[0];
    expect(box).toContain('type="checkbox"');
    expect(box).toContain(`name="location_confirmed" value="${confirmation}"`);
    expect((await findPropertyRowByCode(database.handle.db, row.code))?.latitude).toBe(
      row.latitude,
    );
    const saved = await browser.post(`/admin/listings/${row.code}/edit`, {
      ...swapped,
      location_confirmed: confirmation,
    });
    expect(saved.statusCode).toBe(302);
    expect((await findPropertyRowByCode(database.handle.db, row.code))?.latitude).toBe(
      row.longitude,
    );
  });

  it("answers the live check with the city's middle and the same warning", async () => {
    const row = await londonListing();
    const browser = await signedInAgent(app);
    const params = new URLSearchParams({
      city: "london ",
      country: "United Kingdom",
      latitude: "48.8566",
      longitude: "2.3522",
    });
    const far = await browser.get(`/admin/listings/location.data?${params}`);
    expect(far.statusCode).toBe(200);
    expect(far.body).toMatch(/is 3\d\d km from london's other listings/);
    expect(far.body).toContain("48.8566,2.3522");
    params.set("latitude", String(row.latitude));
    params.set("longitude", String(row.longitude));
    const near = await browser.get(`/admin/listings/location.data?${params}`);
    expect(near.body).not.toContain("other listings");
    expect(near.body).toContain("middle");
    // Signed out, it is not answered.
    const stranger = await app.inject({ url: `/admin/listings/location.data?${params}` });
    expect(stranger.statusCode).not.toBe(200);
  });

  it("asks no host anything without GEOCODER_URL: no page, check, save or post of the editor", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const row = await londonListing();
    const browser = await signedInAgent(app);
    const page = await browser.get(`/admin/listings/${row.code}/edit`);
    expect(page.body).not.toContain("Find on map");
    await browser.get(`/admin/listings/location.data?city=London&country=United+Kingdom`);
    const answer = await browser.post("/admin/listings/geocode", {
      csrf: formTokenOf(page.body),
      address: "27 Albert Street, London",
    });
    expect(answer.body).toContain("No geocoder is set up for this site.");
    await browser.post(`/admin/listings/${row.code}/edit`, formFields(page.body));
    expect(spy).not.toHaveBeenCalled();
    expect(stub.requests).toEqual([]);
  });
});

describe("the listing editor's Find on map, with GEOCODER_URL", () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stub: GeocoderStub;

  beforeAll(async () => {
    stub = await startGeocoderStub({
      "27 Albert Street, London, United Kingdom": {
        lat: 51.5367,
        lon: -0.1426,
        display_name: "27, Albert Street, Camden Town, London, United Kingdom",
      },
    });
    ({ app, database } = await createBackOfficeApp("sqlite", {
      GEOCODER_URL: `${stub.url}/`,
      SITE_URL: "https://homes.example.com",
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await stub?.close();
  });

  it("asks the geocoder from the server, with the form token, and answers the place", async () => {
    const browser = await signedInAgent(app);
    const csrf = await browser.tokenFrom("/admin/listings/new");
    const found = await browser.post("/admin/listings/geocode", {
      csrf,
      address: "27 Albert Street, London, United Kingdom",
    });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain("51.5367");
    expect(found.body).toContain("Camden Town");
    expect(stub.requests).toHaveLength(1);
    expect(stub.requests[0]?.path).toBe("/search");
    expect(stub.requests[0]?.query.get("q")).toBe("27 Albert Street, London, United Kingdom");
    expect(stub.requests[0]?.headers["user-agent"]).toContain("https://homes.example.com");
    // Without the form token the post is refused and nothing is asked.
    const forged = await browser.post("/admin/listings/geocode", { address: "Anywhere" });
    expect(forged.statusCode).toBe(403);
    expect(stub.requests).toHaveLength(1);
  });
});
