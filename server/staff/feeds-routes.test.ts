/**
 * The back office's feed tokens page (decision 094) through the app, on both dialects: owners
 * only, a token made there is shown once and reads the feed, a revoked one no longer does, and
 * both are in the audit log under the owner's name.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminBrowser,
  adminBrowser,
  createBackOfficeApp,
  createStaffMember,
  signInFor,
} from "../../tests/support/staff.ts";
import type { TestDatabase } from "../../tests/support/test-database.ts";
import { testDialects } from "../../tests/support/test-database.ts";

const page = "/admin/feeds";

describe.each(testDialects)("the feed tokens' page on %s", (dialect) => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let owner: AdminBrowser;
  let ownerEmail: string;
  let agent: AdminBrowser;

  beforeAll(async () => {
    ({ app, database } = await createBackOfficeApp(dialect));
    const ownerAccount = await createStaffMember(app, "owner");
    const agentAccount = await createStaffMember(app, "agent");
    ownerEmail = ownerAccount.email;
    owner = adminBrowser(app);
    agent = adminBrowser(app);
    await owner.signIn(ownerAccount.email, ownerAccount.password);
    await agent.signIn(agentAccount.email, agentAccount.password);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const readFeed = (token: string) =>
    app.inject({ url: "/odata/$metadata", headers: { authorization: `Bearer ${token}` } });

  it("is for owners: agents are refused, and only owners' home page links to it", async () => {
    expect((await agent.get(page)).statusCode).toBe(403);
    expect((await agent.get("/admin/")).body).not.toContain(`href="${page}"`);
    const shown = await owner.get(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["cache-control"]).toContain("no-store");
    expect(shown.body).toContain("http://localhost:3000/odata/");
    // Linked from the Portals page, the owners' one home of the feeds (decision 100).
    expect((await owner.get("/admin/portals")).body).toContain(`href="${page}"`);
    expect((await adminBrowser(app).get(page)).headers.location).toBe(signInFor(page));
    // An agent's post is refused too, and makes nothing.
    const csrf = await owner.tokenFrom(page);
    const refused = await agent.post(page, { csrf, intent: "add", name: "Sneaky" });
    expect(refused.statusCode).toBe(403);
    expect(await app.feedConsumers.list()).toEqual([]);
  });

  it("makes a token, shows it once, and the token reads the feed", async () => {
    const csrf = await owner.tokenFrom(page);
    const made = await owner.post(page, { csrf, intent: "add", name: "  Example Portal " });
    expect(made.statusCode).toBe(200);
    const token = /<code class="admin-link-box">([\w-]{43})<\/code>/.exec(made.body)?.[1];
    expect(token).toBeDefined();
    expect((await readFeed(token as string)).statusCode).toBe(200);
    const again = await owner.get(page);
    expect(again.body).toContain("Example Portal");
    expect(again.body).not.toContain(token);
    // The same name twice, or none, is refused with a reason.
    const twice = await owner.post(page, { csrf, intent: "add", name: "Example Portal" });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain("already a consumer named Example Portal");
    const empty = await owner.post(page, { csrf, intent: "add", name: " " });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Give the consumer a name.");
  });

  it("revokes a token: the feed refuses it, and the log has both under the owner's name", async () => {
    const csrf = await owner.tokenFrom(page);
    const made = await owner.post(page, { csrf, intent: "add", name: "Short-lived" });
    const token = /<code class="admin-link-box">([\w-]{43})<\/code>/.exec(made.body)?.[1] as string;
    const revoked = await owner.post(page, { csrf, intent: "revoke", name: "Short-lived" });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.body).toContain("Short-lived&#x27;s token is revoked");
    expect((await readFeed(token)).statusCode).toBe(401);
    expect((await owner.get(page)).body).toMatch(/Short-lived[\s\S]*Revoked \d{4}-/);
    const log = (await owner.get("/admin/audit")).body;
    expect(log).toContain("Feed token revoked");
    expect(log).toContain("Feed token made");
    expect(log).toContain("Feed consumer “Short-lived”");
    expect(log).toContain(ownerEmail);
    expect(log).not.toContain(token);
    const unknown = await owner.post(page, { csrf, intent: "revoke", name: "Nobody" });
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses a post without the form's token", async () => {
    const refused = await owner.post(page, { intent: "add", name: "No token" });
    expect(refused.statusCode).toBe(403);
    expect((await app.feedConsumers.list()).map((consumer) => consumer.name)).not.toContain(
      "No token",
    );
  });
});
