/**
 * The listing editor's pages through the app (decision 044), on both dialects: signed-out
 * requests and posts without the form token are refused; an agent and an owner create, edit
 * and duplicate; a refused save shows the values as typed with messages tied to their fields
 * and a summary; the second of two saves from one revision is merged, asking where both changed
 * a field, with nothing lost; the
 * public page shows a save at once, page cache warm; the related search works without
 * JavaScript (a post that saves nothing) and as data.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import { listFloorPlans, replaceFloorPlans } from "../../db/queries/floor-plan.ts";
import { listPriceChanges } from "../../db/queries/price-history.ts";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import { formatDate } from "../../lib/format.ts";
import { postForm } from "../../tests/support/photos.ts";
import {
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
  signInFor,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { siteFormBodyLimit } from "../plugins/site-requests.ts";

/** The form's fields as a browser would post them, from the edit page's HTML. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const form = html.slice(html.indexOf('class="admin-editor"'));
  for (const match of form.matchAll(/<input([^>]*)>/g)) {
    const attributes = match[1]!;
    const name = /name="([^"]+)"/.exec(attributes)?.[1];
    const value = /value="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const type = /type="([^"]+)"/.exec(attributes)?.[1] ?? "text";
    if (!name || name === "related" || name === "amenities") continue;
    if ((type === "checkbox" || type === "radio") && !attributes.includes("checked")) continue;
    if (type === "submit") continue;
    fields[name] = value
      .replaceAll("&#x27;", "'")
      .replaceAll("&quot;", '"')
      .replaceAll("&amp;", "&");
  }
  for (const match of form.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    fields[match[1]!] = /<option[^>]*value="([^"]*)"[^>]*selected/.exec(match[2]!)?.[1] ?? "";
  }
  const description = /<textarea[^>]*name="description"[^>]*>([\s\S]*?)<\/textarea>/.exec(form);
  fields.description = (description?.[1] ?? "")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
  return fields;
}

/** The next free code of `code`'s series among these rows (`HP-1030` → one above the highest). */
function nextOfSeries(rows: readonly { code: string }[], code: string): string {
  const [, prefix, digits] = /^(.*?)(\d+)$/.exec(code)!;
  const numbers = rows
    .map((row) => row.code.slice(prefix!.length))
    .filter((rest, index) => rows[index]!.code.startsWith(prefix!) && /^\d+$/.test(rest))
    .map(Number);
  return `${prefix}${String(Math.max(...numbers) + 1).padStart(digits!.length, "0")}`;
}

/** The `<input>` tag with this id, or "" when there is none. */
function inputTag(html: string, id: string): string {
  return new RegExp(`<input[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe.each(testDialects)("the listing editor's pages on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  async function signedIn(role: StaffRole) {
    const { email, password } = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    expect((await browser.signIn(email, password)).headers.location).toBe("/admin/");
    return browser;
  }

  let taken = 0;
  async function publishedListing() {
    const rows = (await listAllPropertyRows(database.handle.db)).filter(
      (row) => row.publish === 1 || row.publish === true,
    );
    const row = rows[taken++];
    if (!row) throw new Error("the seed has too few published listings");
    return row;
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, {
      CONTACT_RATE_LIMIT: "off",
      PAGE_CACHE_TTL: "600",
    }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("refuses signed-out requests and posts without a valid form token", async () => {
    const { code, headline } = await publishedListing();
    for (const url of [
      "/admin/listings/new",
      `/admin/listings/${code}/edit`,
      "/admin/listings/related?q=a",
    ]) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe(signInFor(url));
    }
    const listingsBefore = (await listAllPropertyRows(database.handle.db)).length;
    const stranger = adminBrowser(app);
    const csrf = await stranger.tokenFrom("/admin/sign-in");
    for (const url of [
      "/admin/listings/new",
      `/admin/listings/${code}/edit`,
      `/admin/listings/${code}/duplicate`,
    ]) {
      const answer = await stranger.post(url, { csrf, code: "X-1", headline: "Hacked" });
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe("/admin/sign-in");
    }
    const agent = await signedIn("agent");
    const page = await agent.get(`/admin/listings/${code}/edit`);
    const fields = formFields(page.body);
    for (const url of [`/admin/listings/${code}/edit`, `/admin/listings/${code}/duplicate`]) {
      for (const token of [undefined, "", "forged"]) {
        const { csrf: _csrf, ...rest } = fields;
        const posted = token === undefined ? rest : { ...rest, csrf: token };
        const answer = await agent.post(url, { ...posted, headline: "Hacked" });
        expect(answer.statusCode, `${url} ${token}`).toBe(403);
      }
    }
    const row = await findPropertyRowByCode(database.handle.db, code);
    expect(row?.headline).toBe(headline);
    expect(await listAllPropertyRows(database.handle.db)).toHaveLength(listingsBefore);
  });

  it.each<StaffRole>(["agent", "owner"])(
    "lets an %s create a listing from the table's link",
    async (role) => {
      const browser = await signedIn(role);
      const table = await browser.get("/admin/listings");
      expect(table.body).toContain('href="/admin/listings/new"');
      const page = await browser.get("/admin/listings/new");
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toContain("no-store");
      // Not no-referrer: with it, Chromium posts a form without JavaScript with Origin: null.
      expect(page.headers["referrer-policy"]).toBe("same-origin");
      const csrf = formTokenOf(page.body);
      const code = `NEW-${role.toUpperCase()}`;
      const created = await browser.post("/admin/listings/new", {
        csrf,
        code,
        headline: `A ${role}'s new flat`,
        offer_type: "For Rent",
        price: "900",
        address: "1 New Street",
        city: "York",
        country: "United Kingdom",
        description: "<p>New.</p>",
        publish: "yes",
        intent: "save",
      });
      expect(created.statusCode).toBe(302);
      expect(created.headers.location).toBe(`/admin/listings/${code}/edit?done=created`);
      const slug = (await findPropertyRowByCode(database.handle.db, code))?.slug;
      const publicPage = await app.inject({ url: `/property/${slug}` });
      expect(publicPage.statusCode).toBe(200);
      expect(publicPage.body).toContain(`A ${role}&#x27;s new flat`);
      const edit = await browser.get(created.headers.location as string);
      expect(edit.body).toContain(`${code} is created.`);
      expect(edit.body).toContain(`href="/property/${slug}"`);
    },
  );

  it("shows the problems beside their fields and in a summary, with the values as typed", async () => {
    const browser = await signedIn("agent");
    const csrf = await browser.tokenFrom("/admin/listings/new");
    const answer = await browser.post("/admin/listings/new", {
      csrf,
      code: "OK-1",
      offer_type: "For Sale",
      headline: "",
      price: "twelve",
      address: "2 Typed Road",
      city: "Hull",
      country: "United Kingdom",
      description: "<p>Typed <em>text</em></p>",
      intent: "save",
    });
    expect(answer.statusCode).toBe(400);
    const html = answer.body;
    expect(html).toContain("There are 2 problems: nothing is saved yet");
    expect(html).toContain('<a href="#listing-headline">Headline is required</a>');
    expect(html).toContain('<a href="#listing-price">Price must be a number</a>');
    const price = inputTag(html, "listing-price");
    expect(price).toContain('value="twelve"');
    expect(price).toContain('aria-invalid="true"');
    expect(price).toContain('aria-describedby="listing-price-hint listing-price-error"');
    expect(html).toContain(
      '<p class="admin-field__error" id="listing-price-error">Price must be a number</p>',
    );
    expect(inputTag(html, "listing-address")).toContain('value="2 Typed Road"');
    expect(html).toContain("&lt;p&gt;Typed &lt;em&gt;text&lt;/em&gt;&lt;/p&gt;</textarea>");
    expect(await findPropertyRowByCode(database.handle.db, "OK-1")).toBeUndefined();
  });

  it("saves an edit, and the public page shows it at once with its page cache warm", async () => {
    const { code, slug } = await publishedListing();
    const browser = await signedIn("owner");
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: `/property/${slug}` })).statusCode).toBe(200);
    }
    const page = await browser.get(`/admin/listings/${code}/edit`);
    expect(page.body).toContain(`href="/property/${slug}"`);
    const fields = formFields(page.body);
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      headline: "Freshly edited headline",
      description: '<h3>Inside</h3><p onclick="x()">Light <script>bad()</script></p>',
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`/admin/listings/${code}/edit?done=saved`);
    const publicPage = await app.inject({ url: `/property/${slug}` });
    expect(publicPage.body).toContain("Freshly edited headline");
    expect(publicPage.body).toContain("<h3>Inside</h3><p>Light </p>");
    expect(publicPage.body).not.toContain("bad()");
  });

  it("edits a tenure from the property schema, shown on the public page's details and in compare", async () => {
    const { code, slug } = await publishedListing();
    const browser = await signedIn("owner");
    const page = await browser.get(`/admin/listings/${code}/edit`);
    // A choice of lib/property-fields.ts, drawn from its table with a blank first.
    expect(page.body).toMatch(/<label[^>]*for="listing-tenure"[^>]*>Tenure<\/label>/);
    expect(page.body).toMatch(/<option value=""[^>]*>Not given<\/option>/);
    expect(page.body).toContain('<option value="Share of freehold">Share of freehold</option>');
    const before = await app.inject({ url: `/property/${slug}` });
    expect(before.body).not.toMatch(/>Tenure<\/dt><dd[^>]*>Share of freehold</);
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...formFields(page.body),
      tenure: "Share of freehold",
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    const reopened = await browser.get(`/admin/listings/${code}/edit`);
    expect(formFields(reopened.body).tenure).toBe("Share of freehold");
    const publicPage = await app.inject({ url: `/property/${slug}` });
    expect(publicPage.body).toMatch(/>Tenure<\/dt><dd[^>]*>Share of freehold</);
    const compare = await app.inject({ url: `/compare?codes=${encodeURIComponent(code)}` });
    expect(compare.body).toContain("Share of freehold");
    const refused = await browser.post(`/admin/listings/${code}/edit`, {
      ...formFields(reopened.body),
      tenure: "Rented",
      intent: "save",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      "Tenure must be one of &#x27;Freehold&#x27;, &#x27;Leasehold&#x27;, &#x27;Share of freehold&#x27;, &#x27;Commonhold&#x27;",
    );
  });

  it("edits the portals' fields and switches, and says what each portal still needs", async () => {
    const rows = await listAllPropertyRows(database.handle.db);
    const { code, slug } = rows.find(
      (row) => row.country === "United Kingdom" && row.offer_type === "For Rent" && row.publish,
    )!;
    const browser = await signedIn("owner");
    const page = await browser.get(`/admin/listings/${code}/edit`);
    expect(page.body).toMatch(/<label[^>]*for="listing-postcode"[^>]*>Postcode<\/label>/);
    expect(page.body).toMatch(
      /<label[^>]*for="listing-display_address"[^>]*>Display address<\/label>/,
    );
    expect(inputTag(page.body, "listing-available_from")).toContain('type="date"');
    expect(inputTag(page.body, "listing-deposit")).toContain('inputMode="numeric"');
    expect(inputTag(page.body, "listing-send_to_rightmove")).toContain("checked");
    expect(page.body).toContain('<legend class="admin-editor__legend">Portals</legend>');
    expect(page.body).toMatch(/<strong>Rightmove:<\/strong> (<!-- -->)?ready to send/);

    const fields = formFields(page.body);
    expect(fields.send_to_rightmove).toBe("yes");
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      postcode: "n1  1ju",
      display_address: "",
      deposit: "3058",
      available_from: "2027-03-01",
      send_to_push: "no",
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    const reopened = await browser.get(`/admin/listings/${code}/edit`);
    const after = formFields(reopened.body);
    expect(after).toMatchObject({
      postcode: "N1 1JU",
      display_address: "",
      deposit: "3058",
      available_from: "2027-03-01",
      send_to_rightmove: "yes",
      send_to_push: "no",
    });
    // Rightmove now lacks the display address; the push, switched off, says nothing.
    expect(reopened.body).toContain("<li>Display address is missing</li>");
    expect(reopened.body).not.toContain("Listings push:");
    const publicPage = await app.inject({ url: `/property/${slug}` });
    expect(publicPage.body).toMatch(/>Available from<\/dt><dd[^>]*>1 March 2027</);
    expect(publicPage.body).toMatch(/>Postcode<\/dt><dd[^>]*>N1 1JU</);
    expect(publicPage.body).toMatch(/>Deposit<\/dt><dd[^>]*>\$3,058</);
    expect(publicPage.body).toContain('"postalCode":"N1 1JU"');
    expect(publicPage.body).toContain('"availabilityStarts":"2027-03-01"');

    const refused = await browser.post(`/admin/listings/${code}/edit`, {
      ...after,
      postcode: "10024",
      available_from: "2027-02-30",
      intent: "save",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Available from must be a date written YYYY-MM-DD");
    const uk = await browser.post(`/admin/listings/${code}/edit`, {
      ...after,
      postcode: "10024",
      intent: "save",
    });
    expect(uk.statusCode).toBe(400);
    expect(uk.body).toContain("Postcode must be a UK postcode, such as SW1A 1AA");
  });

  it("edits whether a listing is furnished, shown on the public page's details", async () => {
    const { code, slug } = await publishedListing();
    const browser = await signedIn("owner");
    const page = await browser.get(`/admin/listings/${code}/edit`);
    expect(page.body).toContain('<option value="Part furnished">Part furnished</option>');
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...formFields(page.body),
      furnished: "Unfurnished",
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    expect(formFields((await browser.get(`/admin/listings/${code}/edit`)).body).furnished).toBe(
      "Unfurnished",
    );
    const publicPage = await app.inject({ url: `/property/${slug}` });
    expect(publicPage.body).toMatch(/>Furnished<\/dt><dd[^>]*>Unfurnished</);
  });

  it("records a price cut by staff, and the public page says so at once with its page cache warm", async () => {
    const { id, code, slug, price } = await publishedListing();
    const browser = await signedIn("agent");
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: `/property/${slug}` })).body).not.toContain("Reduced on");
    }
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    const lower = Math.round(Number(price) * 0.9);
    // A save that leaves the price alone records nothing.
    const unchanged = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      headline: "Same price, new headline",
      intent: "save",
    });
    expect(unchanged.statusCode).toBe(302);
    const refreshed = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...refreshed,
      price: String(lower),
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    const history = await listPriceChanges(database.handle.db, id);
    expect(history.map((event) => [event.old_price, event.new_price, event.source])).toEqual([
      [null, Number(price), "seed"],
      [Number(price), lower, "staff"],
    ]);
    const today = formatDate(history.at(-1)!.changed_at);
    const publicPage = (await app.inject({ url: `/property/${slug}` })).body;
    expect(publicPage).toMatch(new RegExp(`Reduced on <time dateTime="[^"]+">${today}</time>`));
    expect(publicPage).toContain("Price history");
  });

  it("refuses a floor plan naming a file this site does not have, keeping what was typed", async () => {
    const { code, slug } = await publishedListing();
    const browser = await signedIn("agent");
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    const typed = `${fields.floor_plans ?? ""}\nGround floor=nonexistent.png`.trim();
    const refused = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      floor_plans: typed,
      intent: "save",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      "Floor plans name files this site does not have (nonexistent.png): upload plans on the listing&#x27;s photos page",
    );
    expect(refused.body).toContain("Ground floor=nonexistent.png</textarea>");
    expect((await app.inject({ url: `/property/${slug}` })).body).not.toContain("nonexistent.png");
    // An address is not looked for; the plans the listing has are kept as they are.
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      floor_plans:
        `${fields.floor_plans ?? ""}\nBrochure=https://plans.example.com/plan.pdf`.trim(),
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
  });

  it("shows stored floor plans by label and picture, their hashed file names only in hidden fields", async () => {
    const { code } = await publishedListing();
    const db = database.handle.db;
    const row = await findPropertyRowByCode(db, code);
    const file = `${"a1".repeat(32)}.png`;
    const address = "Site=https://plans.example.com/site.pdf";
    await replaceFloorPlans(db, row!.id, [
      { label: "Ground floor", file, kind: "image" },
      { label: "Site", file: "https://plans.example.com/site.pdf", kind: "pdf" },
    ]);
    const browser = await signedIn("agent");
    const page = await browser.get(`/admin/listings/${code}/edit`);
    expect(page.body).toContain(`<input type="hidden" name="floor_plan_file" value="${file}"/>`);
    expect(page.body).toContain("Plan 1 (image): label");
    expect(inputTag(page.body, "listing-floor_plans-label-0")).toContain('value="Ground floor"');
    const textarea = /<textarea[^>]*name="floor_plans"[^>]*>([\s\S]*?)<\/textarea>/.exec(page.body);
    expect(textarea?.[1]).toBe(address);
    // Its label changed, the plan keeps its file and place; the address stays a line.
    const fields = formFields(page.body);
    const relabelled = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      floor_plan_label: "Kitchen level",
      floor_plans: address,
    });
    expect(relabelled.statusCode).toBe(302);
    expect(await listFloorPlans(db, row!.id)).toEqual([
      { label: "Kitchen level", file, kind: "image" },
      { label: "Site", file: "https://plans.example.com/site.pdf", kind: "pdf" },
    ]);
    // Ticked "Remove", it goes.
    const removed = await browser.post(`/admin/listings/${code}/edit`, {
      ...formFields((await browser.get(`/admin/listings/${code}/edit`)).body),
      floor_plan_remove: file,
      floor_plans: address,
    });
    expect(removed.statusCode).toBe(302);
    expect(await listFloorPlans(db, row!.id)).toEqual([
      { label: "Site", file: "https://plans.example.com/site.pdf", kind: "pdf" },
    ]);
  });

  it("says before and after that a rating is whole stars", async () => {
    const { code } = await publishedListing();
    const browser = await signedIn("agent");
    const page = await browser.get(`/admin/listings/${code}/edit`);
    const rating = inputTag(page.body, "listing-rating");
    expect(rating).toContain('pattern="[0-5]"');
    expect(rating).toContain('inputMode="numeric"');
    expect(rating).toContain('aria-describedby="listing-rating-hint"');
    expect(page.body).toContain("Whole stars only: 0, 1, 2, 3, 4 or 5 (no halves).");
    const refused = await browser.post(`/admin/listings/${code}/edit`, {
      ...formFields(page.body),
      rating: "4.5",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      "Rating (0 to 5) must be a whole number from 0 to 5, without halves (&#x27;4.5&#x27; is not)",
    );
  });

  it("refuses a floor plan address the server must not fetch, saying why", async () => {
    const { code } = await publishedListing();
    const browser = await signedIn("agent");
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    for (const [address, reason] of [
      [
        "https://127.0.0.1:3000/plan.png",
        "must be a public address (not this server or a private network)",
      ],
      ["http://plans.example.com/plan.png", "must be an https address"],
    ]) {
      const refused = await browser.post(`/admin/listings/${code}/edit`, {
        ...fields,
        floor_plans: `${fields.floor_plans ?? ""}\nPlan=${address}`.trim(),
        intent: "save",
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(`file &#x27;${address}&#x27; ${reason}`);
    }
  });

  it("saves a long description beyond a public form's size, for signed-in staff only", async () => {
    const { code, slug } = await publishedListing();
    const browser = await signedIn("agent");
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    // 48,000 characters with markup and accents: well over 64 KiB once URL-encoded.
    const paragraph = "<p>Élégant séjour, cuisine équipée & jardin « privé ».</p>";
    const description = paragraph.repeat(Math.floor(48_000 / paragraph.length));
    const encoded = new URLSearchParams({ ...fields, description }).toString();
    expect(encoded.length).toBeGreaterThan(siteFormBodyLimit);
    const saved = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      description,
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    expect((await app.inject({ url: `/property/${slug}` })).body).toContain("Élégant séjour");
    // Not signed in, the same post is refused unread.
    const stranger = await app.inject({
      method: "POST",
      url: `/admin/listings/${code}/edit`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: encoded,
    });
    expect(stranger.statusCode).toBe(413);
  });

  it("merges the second of two saves from one revision, asking only where both changed a field", async () => {
    const { code } = await publishedListing();
    const agent = await createStaffMember(app, "agent");
    const first = adminBrowser(app);
    await first.signIn(agent.email, agent.password);
    const second = await signedIn("owner");
    const firstFields = formFields((await first.get(`/admin/listings/${code}/edit`)).body);
    const secondFields = formFields((await second.get(`/admin/listings/${code}/edit`)).body);
    expect(secondFields.base).toContain('"f":');
    expect(
      (
        await first.post(`/admin/listings/${code}/edit`, {
          ...firstFields,
          headline: "First one's headline",
          price: "1250000",
          intent: "save",
        })
      ).statusCode,
    ).toBe(302);
    const refused = await second.post(`/admin/listings/${code}/edit`, {
      ...secondFields,
      headline: "Second one's headline",
      city: "Typed City",
      intent: "save",
    });
    expect(refused.statusCode).toBe(409);
    // Which field, who saved and when, both values and a choice for each.
    expect(refused.body).toContain("Not saved yet: you and a colleague both changed Headline");
    expect(refused.body).toMatch(
      new RegExp(
        `${agent.email} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC saved this listing after you opened it`,
      ),
    );
    // (This helper's posts leave out the lists and floor plans, so those count as changed too.)
    expect(refused.body).toContain("Their changes to Price, ");
    expect(refused.body).toContain('name="keep_headline" value="mine"');
    expect(refused.body).toContain('name="keep_headline" value="theirs"');
    expect(refused.body).toContain("First one&#x27;s headline");
    expect(refused.body).toContain(`href="/admin/listings/${code}/edit"`);
    // The form keeps what was typed, and shows the colleague's price.
    expect(inputTag(refused.body, "listing-headline")).toContain(
      'value="Second one&#x27;s headline"',
    );
    expect(inputTag(refused.body, "listing-city")).toContain('value="Typed City"');
    expect(inputTag(refused.body, "listing-price")).toContain('value="1250000"');
    // Still over the revision it was opened at: saving again without a choice asks again.
    expect(refused.body).toContain(`name="revision" value="${secondFields.revision}"`);
    const again = formFields(refused.body);
    expect(
      (await second.post(`/admin/listings/${code}/edit`, { ...again, intent: "save" })).statusCode,
    ).toBe(409);
    expect((await findPropertyRowByCode(database.handle.db, code))?.headline).toBe(
      "First one's headline",
    );
    // With a choice it saves: mine for the headline, theirs kept for the price.
    const chosen = await second.post(`/admin/listings/${code}/edit`, {
      ...again,
      keep_headline: "mine",
      intent: "save",
    });
    expect(chosen.statusCode).toBe(302);
    expect(chosen.headers.location).toBe(`/admin/listings/${code}/edit?done=merged`);
    expect(await findPropertyRowByCode(database.handle.db, code)).toMatchObject({
      headline: "Second one's headline",
      city: "Typed City",
      price: 1250000,
    });
    const notice = await second.get(chosen.headers.location as string);
    expect(notice.body).toContain("saved it while you were editing: their changes to Price, ");
    expect(notice.body).toContain(agent.email);
  });

  it("saves without asking when two saves changed different fields", async () => {
    const { code } = await publishedListing();
    const first = await signedIn("agent");
    const second = await signedIn("owner");
    const firstFields = formFields((await first.get(`/admin/listings/${code}/edit`)).body);
    const secondFields = formFields((await second.get(`/admin/listings/${code}/edit`)).body);
    await first.post(`/admin/listings/${code}/edit`, {
      ...firstFields,
      price: "1250000",
      intent: "save",
    });
    const merged = await second.post(`/admin/listings/${code}/edit`, {
      ...secondFields,
      headline: "Second one's headline",
      bedroom: "6",
      intent: "save",
    });
    expect(merged.statusCode).toBe(302);
    expect(merged.headers.location).toBe(`/admin/listings/${code}/edit?done=merged`);
    expect(await findPropertyRowByCode(database.handle.db, code)).toMatchObject({
      headline: "Second one's headline",
      bedroom: 6,
      price: 1250000,
    });
  });

  it("duplicates from the table into an unpublished draft opened in the editor", async () => {
    const { code, slug, headline } = await publishedListing();
    const browser = await signedIn("agent");
    const table = await browser.get(`/admin/listings?q=${code}`);
    expect(table.body).toContain(`action="/admin/listings/${code}/duplicate"`);
    expect(table.body).toContain(`href="/admin/listings/${code}/edit"`);
    const next = nextOfSeries(await listAllPropertyRows(database.handle.db), code);
    const copied = await browser.post(`/admin/listings/${code}/duplicate`, {
      csrf: formTokenOf(table.body),
    });
    expect(copied.statusCode).toBe(302);
    expect(copied.headers.location).toBe(`/admin/listings/${next}/edit?done=duplicated`);
    const editor = await browser.get(copied.headers.location as string);
    expect(editor.body).toContain(`${next} is a new unpublished copy.`);
    expect(inputTag(editor.body, "listing-code")).toContain(`value="${next}"`);
    const copy = await findPropertyRowByCode(database.handle.db, next);
    expect(copy?.headline).toBe(headline);
    expect(copy?.publish === 0 || copy?.publish === false).toBe(true);
    expect(copy?.slug).not.toBe(slug);
    expect((await app.inject({ url: `/property/${copy?.slug}` })).statusCode).toBe(302);
  });

  it("proposes the next free code as the new form's example, and renames a listing by its code field", async () => {
    const browser = await signedIn("agent");
    const rows = await listAllPropertyRows(database.handle.db);
    const newest = rows.reduce((a, b) => (String(a.created_at) >= String(b.created_at) ? a : b));
    const page = await browser.get("/admin/listings/new");
    const proposed = nextOfSeries(rows, newest.code);
    expect(page.body).toContain(`such as ${proposed} (the next free code).`);
    expect(rows.some((row) => row.code === proposed)).toBe(false);

    const { code, headline } = await publishedListing();
    const [other] = rows.filter((row) => row.code !== code);
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    expect(fields.code).toBe(code);
    const refused = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      code: other!.code,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      `Code &#x27;${other!.code}&#x27; is already the code of listing “${other!.headline.replaceAll("&", "&amp;")}”`,
    );
    expect(inputTag(refused.body, "listing-code")).toContain(`value="${other!.code}"`);
    const renamed = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      code: `${code}-R`,
    });
    expect(renamed.headers.location).toBe(
      `/admin/listings/${code}-R/edit?done=saved&renamed=${code}`,
    );
    expect((await findPropertyRowByCode(database.handle.db, `${code}-R`))?.headline).toBe(headline);
    expect(await findPropertyRowByCode(database.handle.db, code)).toBeUndefined();
  });

  it("keeps related listings ticked in one search through the next, without JavaScript", async () => {
    const { code } = await publishedListing();
    const browser = await signedIn("agent");
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    const url = `/admin/listings/${code}/edit`;
    // (By code: other tests here change the seed's headlines.)
    const first = await browser.post(url, { ...fields, related_q: "HP-1006", intent: "find" });
    expect(first.body).toContain('<input type="checkbox" name="related" value="HP-1006"/>');
    // HP-1006 ticked, then another search: HP-1006 is among the chosen, still ticked.
    const islington = await browser.post(url, {
      ...fields,
      related: "HP-1006",
      related_q: "HP-1018",
      intent: "find",
    });
    const chosen = /<ul[^>]*aria-label="Chosen"[\s\S]*?<\/ul>/.exec(islington.body)?.[0] ?? "";
    expect(chosen).toMatch(/name="related" checked="" value="HP-1006"/);
    expect(islington.body).toContain('<input type="checkbox" name="related" value="HP-1018"/>');
    // The browser posts the chosen box still ticked and the result ticked now.
    const body = new URLSearchParams({ ...formFields(islington.body), intent: "save" });
    body.append("related", "HP-1006");
    body.append("related", "HP-1018");
    const saved = await postForm(app, browser, url, body);
    expect(saved.statusCode).toBe(302);
    expect(
      JSON.parse((await findPropertyRowByCode(database.handle.db, code))?.related_product ?? "[]"),
    ).toEqual(expect.arrayContaining([{ code: "HP-1006" }, { code: "HP-1018" }]));
  });

  it("finds related listings without JavaScript (saving nothing) and as data", async () => {
    const [target, , , , , , , edited] = (await listAllPropertyRows(database.handle.db)).filter(
      (row) => row.publish === 1 || row.publish === true,
    );
    const browser = await signedIn("agent");
    const code = edited!.code;
    const fields = formFields((await browser.get(`/admin/listings/${code}/edit`)).body);
    const found = await browser.post(`/admin/listings/${code}/edit`, {
      ...fields,
      headline: "Typed but not saved",
      related_q: target!.code,
      intent: "find",
    });
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain(`<input type="checkbox" name="related" value="${target!.code}"/>`);
    expect(inputTag(found.body, "listing-headline")).toContain('value="Typed but not saved"');
    expect((await findPropertyRowByCode(database.handle.db, code))?.headline).toBe(
      edited!.headline,
    );
    const data = await browser.get(`/admin/listings/related.data?q=${target!.code}`);
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain(target!.code);
    expect(data.headers["cache-control"]).toContain("no-store");
  });

  it("shows a stored script in a listing as text in the editor", async () => {
    const { code } = await publishedListing();
    await database.handle.db
      .updateTable("property")
      .set({ headline: "Flat <script>alert(1)</script>" })
      .where("code", "=", code)
      .execute();
    const browser = await signedIn("agent");
    const page = await browser.get(`/admin/listings/${code}/edit`);
    expect(page.body).toContain('value="Flat &lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page.body).not.toContain("<script>alert(1)</script>");
  });
});
