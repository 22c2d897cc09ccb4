/**
 * The audit log's page through the app (decision 050), on both dialects: owners only (an
 * agent is refused with 403), an edit in the listing editor shows with the field it changed
 * and a link to the listing, the filters in the URL, and keyset pages that neither skip nor
 * repeat an event.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { auditPageSize } from "../../lib/admin-audit.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  signInFor,
} from "../../tests/support/staff.ts";
import type { TestDatabase } from "../../tests/support/test-database.ts";
import { testDialects } from "../../tests/support/test-database.ts";

/** The text of each row of the page's table, tags stripped. */
function rowsOf(html: string): string[] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((match) =>
    (match[1] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

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
    if (type === "checkbox" && !attributes.includes("checked")) continue;
    if (type === "submit") continue;
    fields[name] = value.replaceAll("&amp;", "&").replaceAll("&quot;", '"');
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

function hrefOf(html: string, text: string): string | undefined {
  const match = new RegExp(`href="([^"]+)"[^>]*>${text}<`).exec(html);
  return match?.[1]?.replaceAll("&amp;", "&");
}

describe.each(testDialects)("the audit log's page on %s", (dialect) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let owner: AdminBrowser;
  let ownerEmail: string;
  let agent: AdminBrowser;
  let agentEmail: string;
  let code: string;

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect));
    const ownerAccount = await createStaffMember(app, "owner");
    const agentAccount = await createStaffMember(app, "agent");
    ownerEmail = ownerAccount.email;
    agentEmail = agentAccount.email;
    owner = adminBrowser(app);
    agent = adminBrowser(app);
    await owner.signIn(ownerAccount.email, ownerAccount.password);
    await agent.signIn(agentAccount.email, agentAccount.password);
    code = (await listAllPropertyRows(database.handle.db))[0]!.code;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it("is for owners: agents are refused, and only owners' menus link to it", async () => {
    expect((await agent.get("/admin/audit")).statusCode).toBe(403);
    expect((await agent.get("/admin/")).body).not.toContain('href="/admin/audit"');
    const page = await owner.get("/admin/audit");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toContain("no-store");
    expect((await owner.get("/admin/")).body).toContain('href="/admin/audit"');
    expect((await adminBrowser(app).get("/admin/audit")).headers.location).toBe(
      signInFor("/admin/audit"),
    );
  });

  it("shows an edit in the listing editor with the field changed, linked to the listing", async () => {
    const editor = `/admin/listings/${code}/edit`;
    const fields = formFields((await agent.get(editor)).body);
    const saved = await agent.post(editor, {
      ...fields,
      headline: "A headline the log must show",
      intent: "save",
    });
    expect(saved.statusCode).toBe(302);
    const page = (await owner.get("/admin/audit")).body;
    const [newest] = rowsOf(page);
    expect(newest).toContain(agentEmail);
    expect(newest).toContain("Listing saved");
    expect(newest).toContain(`Listing ${code}`);
    expect(newest).toContain("A headline the log must show");
    expect(newest).toMatch(/Headline: .+ → A headline the log must show/);
    expect(page).toContain(`href="/admin/listings/${code}/edit"`);
  });

  it("shows the address each change came from, as the trusted proxy passed it on", async () => {
    const email = `elsewhere-${dialect}@example.com`;
    const added = await app.staffAccounts.addStaffUser(email, "agent");
    if (!added.ok) throw new Error(added.message);
    // Someone else, behind the (trusted, loopback) proxy, uses the link.
    const path = new URL(added.link).pathname;
    const stranger = adminBrowser(app, { "x-forwarded-for": "203.0.113.66" });
    const csrf = await stranger.tokenFrom(path);
    const password = "someone else chose this password";
    const set = await stranger.post(path, { csrf, password, confirmation: password });
    expect(set.statusCode).toBe(302);
    const [setRow] = rowsOf((await owner.get("/admin/audit?action=staff.set-password")).body);
    expect(setRow).toContain(email);
    expect(setRow).toContain("203.0.113.66");
    // The users command's event, recorded outside any request, has no address.
    const [addRow] = rowsOf((await owner.get("/admin/audit?action=staff.add")).body);
    expect(addRow).toMatch(new RegExp(`cli — Staff added .*${email}`));
  });

  it("says what changed in staff's words: no file hash, account id or JSON, in the HTML or its data", async () => {
    const db = database.handle.db;
    const photo = `${"3f9a1b2c".padEnd(64, "d")}.jpg`;
    const removed = `${"0123abcd".padEnd(64, "e")}.jpg`;
    const staffId = 987654;
    await recordAuditEvent(db, {
      actor: { id: null, email: "words@example.com" },
      action: "listing.photos-save",
      subjectType: "listing",
      subjectId: "WORDS-1",
      detail: {
        changes: { [`alt of ${photo}`]: { before: "", after: "Bright living room" } },
        removed: [removed],
      },
      at: new Date("2026-05-01T12:00:00.000Z"),
    });
    await recordAuditEvent(db, {
      actor: { id: null, email: "words@example.com" },
      action: "staff.link",
      subjectType: "staff",
      subjectId: staffId,
      detail: { email: "linked@example.com" },
      at: new Date("2026-05-01T12:01:00.000Z"),
    });
    const page = (await owner.get("/admin/audit?actor=words%40example.com")).body;
    expect(rowsOf(page)).toEqual([
      expect.stringMatching(/Set-password link made Staff account linked@example\.com$/),
      expect.stringMatching(
        /Photos changed Listing WORDS-1 Alt text of a photo: \(empty\) → Bright living room 1 photo removed$/,
      ),
    ]);
    expect(page).not.toContain(photo.slice(0, 16));
    expect(page).not.toContain(removed.slice(0, 16));
    expect(page).not.toContain(String(staffId));
    expect(page).not.toMatch(/\\?"before\\?"/);
  });

  it("filters by actor, action, subject and date through the URL", async () => {
    const db = database.handle.db;
    const at = new Date("2026-03-04T12:00:00.000Z");
    await recordAuditEvent(db, {
      actor: { id: null, email: "cli" },
      action: "listing.publish",
      subjectType: "listing",
      subjectId: "FILTER-1",
      at,
    });
    await recordAuditEvent(db, {
      actor: { id: null, email: "cli" },
      action: "enquiry.status",
      subjectType: "enquiry",
      subjectId: 424242,
      at: new Date("2026-03-05T12:00:00.000Z"),
    });
    const rows = async (search: string) => rowsOf((await owner.get(`/admin/audit?${search}`)).body);
    expect(await rows("subject=FILTER-1")).toHaveLength(1);
    expect((await rows("actor=cli&action=enquiry.status"))[0]).toContain("Enquiry 424242");
    expect(await rows("actor=cli&action=enquiry.status")).toHaveLength(1);
    expect(await rows("from=2026-03-04&to=2026-03-04")).toHaveLength(1);
    expect((await rows("from=2026-03-04&to=2026-03-04"))[0]).toContain("FILTER-1");
    expect(
      await rows(`actor=${encodeURIComponent(ownerEmail.toUpperCase())}&action=enquiry.status`),
    ).toEqual([]);
    const enquiryPage = (await owner.get("/admin/audit?subject=424242")).body;
    expect(enquiryPage).toContain('href="/admin/enquiries/424242"');
    const bad = await owner.get("/admin/audit?from=yesterday");
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain("Enter a date such as 2026-11-25.");
    expect(bad.body).toContain('aria-describedby="audit-from-error"');
  });

  it("pages newest first by keyset, neither skipping nor repeating an event", async () => {
    const db = database.handle.db;
    const total = auditPageSize + 7;
    for (let n = 0; n < total; n++) {
      await recordAuditEvent(db, {
        actor: { id: null, email: "pager@example.com" },
        action: "listing.publish",
        subjectType: "listing",
        subjectId: `PAGE-${String(n).padStart(3, "0")}`,
        // Two events share each second: the id breaks the tie.
        at: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(n / 2))),
      });
    }
    const first = (await owner.get("/admin/audit?actor=pager%40example.com")).body;
    const firstRows = rowsOf(first);
    expect(firstRows).toHaveLength(auditPageSize);
    expect(firstRows[0]).toContain(`PAGE-${String(total - 1).padStart(3, "0")}`);
    expect(first).not.toContain("Previous page");
    const next = hrefOf(first, "Next page");
    expect(next).toContain("actor=pager%40example.com");
    const second = (await owner.get(next!)).body;
    const secondRows = rowsOf(second);
    expect(secondRows).toHaveLength(7);
    expect(secondRows.at(-1)).toContain("PAGE-000");
    const seen = [...firstRows, ...secondRows].map((row) => /PAGE-\d{3}/.exec(row)?.[0]);
    expect(new Set(seen).size).toBe(total);
    expect(second).not.toContain("Next page");
    const back = (await owner.get(hrefOf(second, "Previous page")!)).body;
    expect(rowsOf(back)).toEqual(firstRows);
  });
});
