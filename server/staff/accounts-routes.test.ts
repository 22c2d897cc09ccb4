/**
 * Staff accounts in the browser (decision 063), on the built site (`npm run build` first) over
 * SQLite and PostgreSQL: an owner's new set-password links, role changes and removals with
 * their guard rails, agents' forged posts refused, and a member of staff's own password change.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffRole } from "../../db/database.ts";
import { insertEnquiry } from "../../db/queries/enquiry.ts";
import { findStaffUserByEmail } from "../../db/queries/staff.ts";
import { newPasswordHint, staffAccountMessages } from "../../lib/staff-rules.ts";
import { buildContactEnquiry } from "../../tests/support/factories.ts";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  formTokenOf,
} from "../../tests/support/staff.ts";
import { type TestDatabase, testDialects } from "../../tests/support/test-database.ts";
import { passwordHashing } from "./passwords.ts";

/** The one-time link a page shows as text to copy (never as a link to follow). */
function shownLink(html: string): string {
  const link = />(http[^<"]+\/admin\/set-password\/[\w-]{43})<\/code>/.exec(html)?.[1];
  if (!link) throw new Error("the page shows no set-password link");
  expect(html).not.toMatch(/href="[^"]*\/admin\/set-password\//);
  return link;
}

describe.each(testDialects)("staff accounts in the browser on %s", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  async function signedIn(role: StaffRole) {
    const staff = await createStaffMember(app, role);
    const browser = adminBrowser(app);
    const answer = await browser.signIn(staff.email, staff.password);
    expect(answer.headers.location).toBe("/admin/");
    return { ...staff, browser, id: await idOf(staff.email) };
  }

  async function idOf(email: string): Promise<number> {
    const user = await findStaffUserByEmail(database.handle.db, email);
    if (!user) throw new Error(`no account ${email}`);
    return user.id;
  }

  async function staffPost(browser: AdminBrowser, fields: Record<string, string>) {
    const csrf = await browser.tokenFrom("/admin/");
    return browser.post("/admin/staff", { csrf, ...fields });
  }

  async function events(action: string, subjectId: number) {
    return database.handle.db
      .selectFrom("audit_event")
      .selectAll()
      .where("action", "=", action)
      .where("subject_id", "=", String(subjectId))
      .execute();
  }

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect, { CONTACT_RATE_LIMIT: "off" }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  // First, while this owner is the only one: every later test adds owners.
  it("never lets the last owner who can sign in demote or remove themselves, and says why", async () => {
    const owner = await signedIn("owner");
    const page = await owner.browser.get("/admin/staff");
    expect(page.body).toContain(staffAccountMessages.lastOwner);
    expect(page.body).not.toContain(`href="/admin/staff/${owner.id}/remove"`);
    const confirm = await owner.browser.get(`/admin/staff/${owner.id}/remove`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(staffAccountMessages.lastOwner);
    expect(confirm.body).not.toContain('name="intent" value="remove"');
    // Forged posts are refused the same way.
    for (const fields of [
      { intent: "role", id: String(owner.id), role: "agent" } as Record<string, string>,
      { intent: "remove", id: String(owner.id) },
    ]) {
      const answer = await staffPost(owner.browser, fields);
      expect(answer.statusCode).toBe(409);
      expect(answer.body).toContain(staffAccountMessages.lastOwner);
    }
    expect((await findStaffUserByEmail(database.handle.db, owner.email))?.role).toBe("owner");
    expect((await owner.browser.get("/admin/")).statusCode).toBe(200);
    // An invited owner who has no password yet does not count: they cannot sign in.
    const invited = `invited-owner-${randomBytes(4).toString("hex")}@example.com`;
    await staffPost(owner.browser, { intent: "invite", email: invited, role: "owner" });
    const again = await staffPost(owner.browser, { intent: "remove", id: String(owner.id) });
    expect(again.statusCode).toBe(409);
  });

  it("refuses agents' forged posts to every owner action with 403, and changes nothing", async () => {
    const agent = await signedIn("agent");
    const target = await signedIn("agent");
    for (const fields of [
      { intent: "link", id: String(target.id) } as Record<string, string>,
      { intent: "role", id: String(target.id), role: "owner" },
      { intent: "role", id: String(agent.id), role: "owner" },
      { intent: "remove", id: String(target.id) },
    ]) {
      const answer = await staffPost(agent.browser, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(403);
      expect(answer.body).toContain("Only an owner can open this page.");
    }
    expect((await agent.browser.get(`/admin/staff/${target.id}/remove`)).statusCode).toBe(403);
    expect((await findStaffUserByEmail(database.handle.db, agent.email))?.role).toBe("agent");
    expect((await findStaffUserByEmail(database.handle.db, target.email))?.role).toBe("agent");
    expect(await events("staff.link", target.id)).toEqual([]);
    expect((await target.browser.get("/admin/")).statusCode).toBe(200);
  });

  it("gives an owner a new set-password link as text: it replaces the old one and sets a password", async () => {
    const owner = await signedIn("owner");
    const email = `forgetful-${randomBytes(4).toString("hex")}@example.com`;
    const invited = await staffPost(owner.browser, { intent: "invite", email, role: "agent" });
    const firstLink = shownLink(invited.body);
    const id = await idOf(email);

    const answer = await staffPost(owner.browser, { intent: "link", id: String(id) });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(`A new set-password link for ${email}.`);
    expect(answer.body).toContain("Send them this link: it works once, for 72 hours.");
    // The copy button comes with JavaScript (the Playwright spec): the page itself shows text.
    expect(answer.body).not.toContain("Copy link");
    const link = shownLink(answer.body);
    expect(link).not.toBe(firstLink);
    expect(await events("staff.link", id)).toMatchObject([{ actor_email: owner.email }]);

    const staff = adminBrowser(app);
    expect((await staff.get(new URL(firstLink).pathname)).statusCode).toBe(410);
    const path = new URL(link).pathname;
    const page = await staff.get(path);
    const password = "a brand new long password";
    const set = await staff.post(path, {
      csrf: formTokenOf(page.body),
      password,
      confirmation: password,
    });
    expect(set.headers.location).toBe("/admin/sign-in?password=set");
    expect((await staff.signIn(email, password)).headers.location).toBe("/admin/");

    const missing = await staffPost(owner.browser, { intent: "link", id: "999999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(staffAccountMessages.missing);
  });

  it("makes an agent an owner and back, each change in the audit log", async () => {
    const owner = await signedIn("owner");
    const agent = await signedIn("agent");
    const promoted = await staffPost(owner.browser, {
      intent: "role",
      id: String(agent.id),
      role: "owner",
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.body).toContain(`${agent.email} is now an owner.`);
    // At once: their session reads the role afresh.
    expect((await agent.browser.get("/admin/staff")).statusCode).toBe(200);
    const demoted = await staffPost(owner.browser, {
      intent: "role",
      id: String(agent.id),
      role: "agent",
    });
    expect(demoted.body).toContain(`${agent.email} is now an agent.`);
    expect((await agent.browser.get("/admin/staff")).statusCode).toBe(403);
    expect((await events("staff.role", agent.id)).map((event) => JSON.parse(event.detail))).toEqual(
      [
        { email: agent.email, changes: { role: { before: "agent", after: "owner" } } },
        { email: agent.email, changes: { role: { before: "owner", after: "agent" } } },
      ],
    );
    // An owner who is not the last may make themselves an agent: off to the home page.
    const self = await staffPost(owner.browser, {
      intent: "role",
      id: String(owner.id),
      role: "agent",
    });
    expect(self.statusCode).toBe(302);
    expect(self.headers.location).toBe("/admin/");
    expect((await owner.browser.get("/admin/staff")).statusCode).toBe(403);
  });

  it("removes access after asking: their sessions end at once and they cannot sign in", async () => {
    const owner = await signedIn("owner");
    const leaver = await signedIn("agent");
    const { id: enquiryId } = await insertEnquiry(database.handle.db, {
      ...buildContactEnquiry(),
      ip: "10.0.0.1",
    });
    await database.handle.db
      .updateTable("enquiry")
      .set({ assignee_id: leaver.id })
      .where("id", "=", enquiryId)
      .execute();

    const list = await owner.browser.get("/admin/staff");
    expect(list.body).toContain(`href="/admin/staff/${leaver.id}/remove"`);
    const confirm = await owner.browser.get(`/admin/staff/${leaver.id}/remove`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`Remove the access of ${leaver.email}?`);
    expect(confirm.body).toContain('action="/admin/staff"');
    expect(confirm.body).toContain('name="intent" value="remove"');
    // Asking removes nothing.
    expect((await leaver.browser.get("/admin/")).statusCode).toBe(200);

    const removed = await owner.browser.post("/admin/staff", {
      csrf: formTokenOf(confirm.body),
      intent: "remove",
      id: String(leaver.id),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toContain(`${leaver.email} no longer has access`);
    expect(removed.body).toContain("1 enquiry assigned to them is unassigned now.");
    const refused = await leaver.browser.get("/admin/");
    expect(refused.statusCode).toBe(302);
    expect(refused.headers.location).toBe("/admin/sign-in");
    const signIn = await adminBrowser(app).signIn(leaver.email, leaver.password);
    expect(signIn.statusCode).toBe(401);
    expect(await findStaffUserByEmail(database.handle.db, leaver.email)).toBeUndefined();
    const enquiry = await database.handle.db
      .selectFrom("enquiry")
      .select("assignee_id")
      .where("id", "=", enquiryId)
      .executeTakeFirstOrThrow();
    expect(enquiry.assignee_id).toBeNull();
    expect(await events("staff.remove", leaver.id)).toMatchObject([
      { actor_email: owner.email, subject_type: "staff" },
    ]);
    // Gone: a second removal says so, and the address can be invited anew.
    const twice = await staffPost(owner.browser, { intent: "remove", id: String(leaver.id) });
    expect(twice.statusCode).toBe(404);
    expect(twice.body).toContain(staffAccountMessages.missing);
    expect((await owner.browser.get(`/admin/staff/${leaver.id}/remove`)).statusCode).toBe(404);
    const back = await staffPost(owner.browser, {
      intent: "invite",
      email: leaver.email,
      role: "agent",
    });
    expect(back.statusCode).toBe(200);
  });

  it("lets an owner who is not the last remove themselves: signed out at once", async () => {
    await signedIn("owner");
    const owner = await signedIn("owner");
    const answer = await staffPost(owner.browser, { intent: "remove", id: String(owner.id) });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe("/admin/sign-in");
    expect((await owner.browser.get("/admin/")).headers.location).toBe("/admin/sign-in");
  });

  it("lets a member of staff change their password: their other sessions end, this one stays", async () => {
    const agent = await signedIn("agent");
    const phone = adminBrowser(app);
    await phone.signIn(agent.email, agent.password);
    const csrf = await agent.browser.tokenFrom("/admin/password");
    const newPassword = "my changed long password";

    const wrong = await agent.browser.post("/admin/password", {
      csrf,
      current: "not my password",
      password: newPassword,
      confirmation: newPassword,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("Your current password is not right.");
    const mismatch = await agent.browser.post("/admin/password", {
      csrf,
      current: agent.password,
      password: newPassword,
      confirmation: "something else",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("The two passwords are not the same.");
    const short = await agent.browser.post("/admin/password", {
      csrf,
      current: agent.password,
      password: "short",
      confirmation: "short",
    });
    expect(short.body).toContain("Use at least 12 characters.");
    // Passwords are never sent back in a page.
    expect(mismatch.body).not.toContain(agent.password);
    expect(mismatch.body).not.toContain(newPassword);
    expect((await phone.get("/admin/")).statusCode).toBe(200);

    const changed = await agent.browser.post("/admin/password", {
      csrf,
      current: agent.password,
      password: newPassword,
      confirmation: newPassword,
    });
    expect(changed.statusCode).toBe(302);
    expect(changed.headers.location).toBe("/admin/password?changed=1");
    const after = await agent.browser.get("/admin/password?changed=1");
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain("Your password is changed.");
    expect((await phone.get("/admin/")).headers.location).toBe("/admin/sign-in");
    expect((await adminBrowser(app).signIn(agent.email, agent.password)).statusCode).toBe(401);
    expect((await adminBrowser(app).signIn(agent.email, newPassword)).headers.location).toBe(
      "/admin/",
    );
    expect(await events("staff.change-password", agent.id)).toMatchObject([
      { actor_email: agent.email },
    ]);
  });

  it("shows the password rule before typing, and refuses a guessable password saying why", async () => {
    const email = `rule-${dialect}@example.com`;
    const added = await app.staffAccounts.addStaffUser(email, "agent");
    if (!added.ok) throw new Error(added.message);
    const path = new URL(added.link).pathname;
    const browser = adminBrowser(app);
    const page = await browser.get(path);
    expect(page.body).toContain(newPasswordHint.replaceAll("'", "&#x27;"));
    const csrf = formTokenOf(page.body);
    const weak = await browser.post(path, { csrf, password: email, confirmation: email });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain(
      "This password is too easy to guess. It contains your e-mail address or the company&#x27;s name.",
    );
    expect(weak.body).toContain('aria-describedby="field-password-hint field-password-error"');
    const strong = "lantern orchard velvet compass";
    const set = await browser.post(path, { csrf, password: strong, confirmation: strong });
    expect(set.headers.location).toBe("/admin/sign-in?password=set");
  });

  it("refuses set-password posts to unknown links without hashing, then throttles the address", async () => {
    const browser = adminBrowser(app, { "x-forwarded-for": `203.0.113.${dialect.length}` });
    const csrf = await browser.tokenFrom("/admin/sign-in");
    const password = "lantern orchard velvet compass";
    const hashesBefore = passwordHashing.computed();
    const statuses: number[] = [];
    for (let post = 0; post < 21; post++) {
      const path = `/admin/set-password/${randomBytes(32).toString("base64url")}`;
      const answer = await browser.post(path, { csrf, password, confirmation: password });
      statuses.push(answer.statusCode);
      if (post === 20) {
        expect(answer.body).toContain("Too many attempts to set a password from here.");
      }
    }
    expect(statuses).toEqual([...Array(20).fill(410), 429]);
    expect(passwordHashing.computed()).toBe(hashesBefore);
  });

  it("tells a member of staff who forgot their password whom to ask", async () => {
    const page = await adminBrowser(app).get("/admin/sign-in");
    expect(page.body).toContain("Forgot your password? Ask an owner for a new set-password link.");
  });
});
