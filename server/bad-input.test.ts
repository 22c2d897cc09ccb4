/**
 * Thousands of generated malformed and hostile requests (tests/support/bad-input.ts, a fixed
 * seed) to every API endpoint, the images, every site route and form action, on the built
 * site and each database: no 5xx, the server keeps answering, nothing is stored from a
 * refused request, and no payload is rendered as HTML. Run `npm run build` first.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, createTestSiteApp, type TestApp } from "../tests/support/app.ts";
import {
  type HostileRequest,
  hostileRequests,
  renderedPayloadPattern,
  scriptPayloads,
} from "../tests/support/bad-input.ts";
import { leakPattern } from "../tests/support/leaks.ts";
import { testDialects } from "../tests/support/test-database.ts";

/** Per database: 2,400 requests in all, about a minute on a busy two-core machine. */
const requestCount = 1200;
const seed = 20261122;

async function countRows(test: TestApp) {
  const db = test.app.database.db;
  const [enquiries, outbox] = await Promise.all([
    db
      .selectFrom("enquiry")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "=", "enquiry")
      .executeTakeFirstOrThrow(),
  ]);
  return { enquiries: Number(enquiries.n), outbox: Number(outbox.n) };
}

function describeRequest(request: HostileRequest): string {
  const { method, url, headers } = request.options;
  return `${request.target} ${method} ${String(url).slice(0, 160)} (${String((headers as Record<string, string> | undefined)?.["content-type"] ?? "")})`;
}

describe.each(testDialects)("bad input on %s", (dialect) => {
  let test: TestApp;
  const propertyCode = "HP-1001";
  /** Log lines at error level or above: a refused request must never be one. */
  const errorLines: string[] = [];
  beforeAll(async () => {
    test = await createTestSiteApp(
      dialect,
      { LOG_LEVEL: "error" },
      { logStream: { write: (line) => void errorLines.push(line) } },
    );
    // Hostile HTML stored by a backend: the detail page must render it harmless.
    await test.app.database.db
      .updateTable("property")
      .set({
        description: `<p>Fine</p>${scriptPayloads.join("")}`,
        headline: scriptPayloads[1],
      })
      .where("code", "=", propertyCode)
      .execute();
  });
  afterAll(() => test.close());

  it(`answers ${requestCount} generated requests without a 5xx, a leak or a stored refusal`, async () => {
    const before = await countRows(test);
    const problems: string[] = [];
    let accepted = 0;
    const statuses = new Map<number, number>();
    for (const request of hostileRequests(seed, requestCount, auth.authorization, propertyCode)) {
      const response = await test.app.inject(request.options);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const what = `${response.statusCode} ${describeRequest(request)}`;
      if (response.statusCode >= 500) problems.push(`5xx: ${what}`);
      const leak = leakPattern.exec(response.body);
      if (leak) {
        const around = response.body.slice(Math.max(0, leak.index - 80), leak.index + 80);
        problems.push(`leak: ${what}: …${around}…`);
      }
      if (
        String(response.headers["content-type"]).startsWith("text/html") &&
        renderedPayloadPattern.test(response.body)
      ) {
        problems.push(`payload rendered as HTML: ${what}`);
      }
      if (request.options.url === "/api/contact/add" && response.statusCode === 200) accepted += 1;
    }
    expect(problems).toEqual([]);
    expect(errorLines).toEqual([]);
    // Every kind of answer happened: the generator reaches past the first checks.
    expect([...statuses.keys()]).toEqual(
      expect.arrayContaining([200, 400, 401, 404, 405, 413, 422]),
    );

    // Only the enquiries the API accepted (valid, if odd, text) were stored, each once.
    const after = await countRows(test);
    expect(after.enquiries - before.enquiries).toBe(accepted);
    expect(after.outbox - before.outbox).toBe(accepted);

    // Still up, and still serving the database and the site.
    expect((await test.app.inject({ url: "/readyz" })).statusCode).toBe(200);
    expect((await test.app.inject({ url: "/" })).statusCode).toBe(200);
    const tables = await sql`select count(*) as n from property`.execute(test.app.database.db);
    expect(tables.rows).toHaveLength(1);
  }, 240_000);

  it("renders a hostile stored description and headline as harmless text", async () => {
    const page = await test.app.inject({ url: `/property/${propertyCode}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<p>Fine</p>");
    expect(page.body).not.toMatch(renderedPayloadPattern);
    expect(page.body).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
  });
});
