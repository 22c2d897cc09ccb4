/**
 * A listing's figures in the back office (decision 099), on the built site (`npm run build`
 * first) over SQLite and PostgreSQL: the beacon's counts, enquiries and days on market by week;
 * agents and owners see them; only owners download the vendor report (CSV, PDF), recorded in
 * the audit log.
 */
import type { FastifyInstance } from "fastify";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listingPreviewPath } from "../../app/listing-preview-path.ts";
import type { StaffRole } from "../../db/database.ts";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { parseCsv } from "../../lib/csv.ts";
import { buildPropertyEnquiry } from "../../tests/support/factories.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  publishedListings,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";

const browserAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36";

async function pdfText(bytes: Uint8Array): Promise<string> {
  const loading = getDocument({ data: bytes, useSystemFonts: false });
  const document = await loading.promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await loading.destroy();
  return pages.join("\n").replace(/\s+/g, " ");
}

describe.each(testDialects)("a listing's figures on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  // A Wednesday: this week began on Monday 23 November.
  let clock = new Date("2026-11-18T09:00:00Z");
  let listing: { id: number; code: string; headline: string };
  const staff: Partial<Record<StaffRole, AdminBrowser>> = {};

  const view = (ip: string, event = "view") =>
    app.inject({
      method: "POST",
      url: "/figures/beacon",
      remoteAddress: ip,
      headers: { "user-agent": browserAgent },
      payload: { code: listing.code, event },
    });

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(
      dialect,
      { CONTACT_RATE_LIMIT: "off" },
      { figuresClock: () => clock },
    ));
    listing = await publishedListings(() => database)();
    // Last week: two visitors; this week: three visitors (one twice) and one shortlist add.
    await view("192.0.2.1");
    await view("192.0.2.2");
    clock = new Date("2026-11-25T12:00:00Z");
    for (const ip of ["192.0.2.1", "192.0.2.1", "192.0.2.3", "192.0.2.4"]) await view(ip);
    await view("192.0.2.3", "shortlist");
    const enquiry = await insertEnquiry(database.handle.db, {
      ...buildPropertyEnquiry(listing.code),
      ip: "192.0.2.9",
    });
    await database.handle.db
      .updateTable("enquiry")
      .set({ created_at: "2026-11-24T10:00:00.000Z" })
      .where("id", "=", enquiry.id)
      .execute();
    for (const role of ["agent", "owner"] as const) {
      const { email, password } = await createStaffMember(app, role);
      const browser = adminBrowser(app);
      await browser.signIn(email, password);
      staff[role] = browser;
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const figuresUrl = () => `/admin/listings/${encodeURIComponent(listing.code)}/figures`;

  it.each<StaffRole>(["agent", "owner"])("shows an %s the figures by week", async (role) => {
    const page = await staff[role]!.get(figuresUrl());
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store, private");
    const text = page.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain(`Figures of ${listing.code}`);
    // This week's row, then last week's: views, enquiries, shortlist adds, alert matches.
    expect(text).toMatch(/23 Nov 2026 3 1 1 0 16 Nov 2026 2 0 0 0/);
    expect(text).toMatch(/Last 12 weeks 5 1 1 0/);
    expect(page.body.includes("Vendor report (PDF)")).toBe(role === "owner");
  });

  it("links the figures from the listings table and the editor", async () => {
    const owner = staff.owner!;
    expect((await owner.get("/admin/listings")).body).toContain(`href="${figuresUrl()}"`);
    const editor = await owner.get(`/admin/listings/${encodeURIComponent(listing.code)}/edit`);
    expect(editor.body).toContain(`href="${figuresUrl()}"`);
  });

  it("puts the view's beacon on the public page, not on the staff's preview", async () => {
    const marker = `data-enhance="page-view" data-code="${listing.code}"`;
    const publicPage = await app.inject({ url: `/property/${encodeURIComponent(listing.code)}` });
    expect(publicPage.statusCode).toBe(200);
    expect(publicPage.body).toContain(marker);
    const preview = await staff.owner!.get(listingPreviewPath(listing.code));
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('data-enhance="page-view"');
  });

  it("refuses an agent the vendor report", async () => {
    const refused = await staff.agent!.get(`${figuresUrl()}/report?format=csv`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain("week_starting");
  });

  it("gives an owner the CSV: twelve weeks, their sums and the totals, and logs it", async () => {
    const csv = await staff.owner!.get(`${figuresUrl()}/report?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="vendor-report-${listing.code}-2026-11-25.csv"`,
    );
    const [header, ...rows] = parseCsv(csv.body).map((record) => record.fields);
    expect(header).toEqual([
      "week_starting",
      "views",
      "enquiries",
      "shortlistAdds",
      "alertMatches",
      "days_on_market",
    ]);
    expect(rows).toHaveLength(14);
    expect(rows.at(-4)).toEqual(["2026-11-16", "2", "0", "0", "0", ""]);
    expect(rows.at(-3)).toEqual(["2026-11-23", "3", "1", "1", "0", ""]);
    expect(rows.at(-2)).toEqual(["last_12_weeks", "5", "1", "1", "0", ""]);
    expect(rows.at(-1)?.slice(0, 5)).toEqual(["total", "5", "1", "1", "0"]);
    expect(Number(rows.at(-1)?.[5])).toBeGreaterThanOrEqual(0);
    const logged = await database.handle.db
      .selectFrom("audit_event")
      .select(["action", "subject_id", "detail"])
      .where("action", "=", "listing.report")
      .execute();
    expect(logged).toEqual([
      { action: "listing.report", subject_id: listing.code, detail: '{"format":"csv"}' },
    ]);
  });

  it("gives an owner a PDF that parses and says the figures", async () => {
    const pdf = await staff.owner!.get(`${figuresUrl()}/report?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain(listing.headline.split(" ")[0]);
    expect(text).toContain("Page views");
    expect(text).toMatch(/23 Nov 2026 3 1 1 0/);
    expect(text).toMatch(/Last 12 weeks 5 1 1 0/);
  });

  it("answers 404 for a listing that does not exist", async () => {
    expect((await staff.owner!.get("/admin/listings/NO-SUCH/figures")).statusCode).toBe(404);
  });
});
