/**
 * Two app servers side by side (the real entry, `node server/index.ts`, serving build/) on one
 * PostgreSQL database and one Redis: started at the same moment on an empty database, they
 * migrate and seed it once; they share the enquiry rate limit and the spent puzzle tokens; a
 * content change shows on both; and the outbox e-mails each enquiry exactly once.
 *
 * Isolation from parallel runs: a fresh database, and a Redis key prefix of this run's own
 * (REDIS_URL's `keyPrefix` option), deleted afterwards.
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryRefusals } from "../app/enquiry/enquiry-action.server.ts";
import { migrations } from "../db/migrate.ts";
import { listEnquiries } from "../db/queries/enquiry.ts";
import { listEnquiriesWithDelivery } from "../db/queries/outbox.ts";
import { buildDemoContent } from "../db/seed/content.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import {
  freePort,
  postEnquiry,
  type ServerProcess,
  spawnServer,
} from "../tests/support/server-process.ts";
import { startSmtpServer, type TestSmtpServer } from "../tests/support/smtp.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
} from "../tests/support/test-database.ts";

const token = "several-servers-token";
const rateLimit = 3;
const redisBaseUrl = process.env.TEST_REDIS_URL?.trim() || "redis://127.0.0.1:6379";

/** The value of a hidden input in server-rendered HTML. */
function hiddenValue(html: string, name: string): string {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
}

describe.runIf(postgresEnabled)("two app servers on one PostgreSQL database and one Redis", () => {
  const redisPrefix = `homes-test-${randomBytes(6).toString("hex")}:`;
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let servers: [ServerProcess, ServerProcess];
  /** The test's own view of Redis, without the servers' key prefix. */
  let redis: Redis;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { empty: true });
    cleanups.push(() => database.drop());
    smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    redis = new Redis(redisBaseUrl);
    cleanups.push(async () => {
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    const redisUrl = new URL(redisBaseUrl);
    redisUrl.searchParams.set("keyPrefix", redisPrefix);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl.toString(),
      SMTP_URL: smtp.url,
      API_TOKEN: token,
      // The demo images are written once and shared with other tests (existing files stay).
      IMAGE_DIR: "./data/images",
      SEED_DEMO_CONTENT: "true",
      CONTACT_RATE_LIMIT: `${rateLimit}/10m`,
      PAGE_CACHE_TTL: "1",
      LOG_LEVEL: "warn",
    };
    const ports = [await freePort(), await freePort()];
    // Spawned together: both find the database empty at the same moment.
    servers = [spawnServer(ports[0]!, env), spawnServer(ports[1]!, env)];
    cleanups.push(() => Promise.all(servers.map((server) => server.stop("SIGKILL"))));
    await Promise.all(servers.map((server) => server.ready(55_000)));
  }, 60_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it("migrate and seed the empty database once when started at the same moment", async () => {
    const { db } = database.handle;
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(applied.rows.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    const properties = await db.selectFrom("property").select("code").execute();
    expect(properties).toHaveLength(buildDemoContent().properties.length);
    expect(new Set(properties.map((property) => property.code)).size).toBe(properties.length);
    const profiles = await db.selectFrom("company_profile").select("id").execute();
    expect(profiles).toHaveLength(1);
  });

  it("share the enquiry rate limit: requests split across both are refused at the shared count", async () => {
    const headers = { "x-forwarded-for": "198.51.100.1" };
    const statuses: number[] = [];
    const emails: string[] = [];
    for (let index = 0; index < rateLimit + 2; index += 1) {
      const enquiry = buildContactEnquiry();
      emails.push(enquiry.email);
      const server = servers[index % 2]!;
      statuses.push((await postEnquiry(server.base, token, enquiry, { headers })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const stored = (await listEnquiries(database.handle.db)).filter((enquiry) =>
      emails.includes(enquiry.email),
    );
    expect(stored.map((enquiry) => enquiry.email).sort()).toEqual(emails.slice(0, 3).sort());
    // The visitor's one counter lives in Redis, under this run's prefix.
    expect(await redis.keys(`${redisPrefix}*198.51.100.1`)).toHaveLength(1);
  });

  it("refuse on one server a puzzle token spent on the other (the contact form, without JavaScript)", async () => {
    const [first, second] = servers;
    const headers = { "x-forwarded-for": "198.51.100.2" };
    // Without JavaScript the page has no puzzle: a first post brings one (decision 031).
    const loadForm = async (server: ServerProcess) => {
      const html = await (
        await fetch(`${server.base}/contact`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams(filledForm({ num1: "0", num2: "0" })),
        })
      ).text();
      const form = {
        num1: hiddenValue(html, "num1"),
        num2: hiddenValue(html, "num2"),
        puzzle_token: hiddenValue(html, "puzzle_token"),
      };
      expect(form.puzzle_token).not.toBe("");
      return form;
    };
    const postForm = async (server: ServerProcess, form: Record<string, string>) => {
      const response = await fetch(`${server.base}/contact`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
      return { status: response.status, html: await response.text() };
    };
    const filledForm = (puzzle: Record<string, string>) => {
      const { fullname, telephone, email, how_you_hear, message } = buildContactEnquiry();
      const answer = String(Number(puzzle.num1) + Number(puzzle.num2));
      return { fullname, telephone, email, how_you_hear, message, puzzle: answer, website: "" };
    };

    const puzzle = await loadForm(first);
    const form = { ...filledForm(puzzle), ...puzzle };
    const sent = await postForm(first, form);
    expect(sent.status).toBe(200);
    expect(sent.html).toContain("Success!");

    const replayed = await postForm(second, form);
    expect(replayed.status).toBe(403);
    expect(replayed.html).toContain(enquiryRefusals.used);

    // The other server does accept a token the first issued: only spending it is refused.
    const fresh = await loadForm(first);
    const other = { ...filledForm(fresh), ...fresh };
    expect((await postForm(second, other)).status).toBe(200);

    const stored = await listEnquiries(database.handle.db);
    expect(stored.filter((enquiry) => enquiry.email === form.email)).toHaveLength(1);
    expect(stored.filter((enquiry) => enquiry.email === other.email)).toHaveLength(1);
  });

  it("show a content change on both servers, through the API and the pages", async () => {
    const { db } = database.handle;
    const property = await db
      .selectFrom("property")
      .select(["code", "slug", "headline"])
      .where("publish", "=", 1)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const apiHeadline = async (server: ServerProcess) => {
      const response = await fetch(`${server.base}/api/property/show/one/${property.code}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { data: { headline: string } }).data.headline;
    };
    const page = async (server: ServerProcess) =>
      (await fetch(`${server.base}/property/${property.slug}`)).text();

    // Both have served the old headline (anything they cache is warm).
    for (const server of servers) {
      expect(await apiHeadline(server)).toBe(property.headline);
      expect(await page(server)).toContain(property.headline);
    }

    const headline = `Renovated ${randomBytes(4).toString("hex")} loft`;
    await db.updateTable("property").set({ headline }).where("code", "=", property.code).execute();
    for (const server of servers) {
      await expect.poll(() => apiHeadline(server), { timeout: 10_000 }).toBe(headline);
      await expect
        .poll(async () => (await page(server)).includes(headline), { timeout: 10_000 })
        .toBe(true);
    }
  });

  it("e-mail each enquiry exactly once, with enquiries spread across both", async () => {
    const emails: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const enquiry = buildContactEnquiry();
      emails.push(enquiry.email);
      const headers = { "x-forwarded-for": `198.51.100.${10 + index}` };
      const response = await postEnquiry(servers[index % 2]!.base, token, enquiry, { headers });
      expect(response.status).toBe(200);
    }
    const replyTos = () =>
      smtp.received.map((mail) => /^Reply-To: (.+)$/m.exec(mail.raw)?.[1]?.trim() ?? "");
    await expect
      .poll(() => emails.filter((email) => replyTos().includes(email)).length, { timeout: 20_000 })
      .toBe(emails.length);
    // Both outboxes have had time to (wrongly) send again.
    await new Promise((wait) => setTimeout(wait, 1_500));

    const delivered = replyTos().filter((email) => emails.includes(email));
    expect(delivered.sort()).toEqual([...emails].sort());
    const messageIds = smtp.received.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    const rows = (await listEnquiriesWithDelivery(database.handle.db)).filter((row) =>
      emails.includes(row.email),
    );
    expect(rows.map((row) => [row.delivery_status, row.delivery_attempts])).toEqual(
      emails.map(() => ["sent", 1]),
    );
  });
});
