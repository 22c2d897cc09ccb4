/**
 * Pages during a database outage (decision 088): a page whose data cannot be read answers 503
 * with `Retry-After` and `no-store`, never an empty list or a redirect home, and never replaces
 * the good page the page cache keeps, nor after a form's action answered; the back office
 * answers its own 503 page, never a 500.
 * PostgreSQL behind a TCP proxy the test cuts and restores; the page cache's TTL is 2 s.
 * Needs the built site (`npm run build`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backOfficeUnavailableMessage, dataUnavailableMessage } from "../app/data-unavailable.ts";
import { testConfig } from "../tests/support/app.ts";
import { leakPattern } from "../tests/support/leaks.ts";
import { adminBrowser, createStaffMember } from "../tests/support/staff.ts";
import { startTcpProxy, type TcpProxy } from "../tests/support/tcp-proxy.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
  testPostgresUrl,
} from "../tests/support/test-database.ts";
import { buildApp } from "./app.ts";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe.runIf(postgresEnabled)("pages while the database is away (PostgreSQL)", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { seed: true });
    const real = new URL(testPostgresUrl);
    proxy = await startTcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    app = await buildApp({
      config: testConfig(viaProxy.toString(), { PAGE_CACHE_TTL: "2", CONTACT_RATE_LIMIT: "off" }),
      site: true,
      scryptCost: { logN: 10, r: 8, p: 1 },
    });
    await app.ready();
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await app?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("answers 503 pages no cache keeps, keeps the good page, and the back office a 503 page", async () => {
    const { email, password } = await createStaffMember(app, "agent");
    const staff = adminBrowser(app);
    expect((await staff.signIn(email, password)).headers.location).toBe("/admin/");
    expect((await staff.get("/admin/listings")).statusCode).toBe(200);
    const list = "/search?property-status=For+Sale";
    const good = await app.inject(list);
    expect(good.statusCode).toBe(200);
    expect(good.body).not.toContain("No properties match");

    await proxy.cut();
    // Stale (past the 2 s TTL, within as long again): the kept page is served while its
    // re-render fails for want of data; the failed render does not replace it.
    await sleep(2_100);
    const stale = await app.inject(list);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).toBe(good.headers.etag);
    expect(stale.headers["cache-control"]).toBe("public, no-cache");
    await sleep(200);
    const stillKept = await app.inject(list);
    expect(stillKept.statusCode).toBe(200);
    expect(stillKept.headers.etag).toBe(good.headers.etag);

    // Too old to serve: 503, never an empty list, never kept by anyone.
    await sleep(2_000);
    for (const url of [list, "/property/HP-1001", "/about"]) {
      const down = await app.inject(url);
      expect(down.statusCode, url).toBe(503);
      expect(down.headers["retry-after"], url).toBe("5");
      expect(down.headers["cache-control"], url).toBe("no-store");
      expect(down.headers.etag, url).toBeUndefined();
      expect(down.headers.location, url).toBeUndefined();
      expect(down.body, url).toContain(dataUnavailableMessage);
      expect(down.body, url).not.toContain("No properties match");
      expect(down.body, url).not.toMatch(leakPattern);
    }

    // A form whose action answers without the database (an alert sign-up's first post, which
    // only asks the puzzle) still shows the outage page, and its status: 503, not the action's.
    const alertForm = await app.inject({
      method: "POST",
      url: "/alerts",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        email: "outage@example.com",
        query: "status=For+Sale",
        website: "",
      }).toString(),
    });
    expect(alertForm.statusCode).toBe(503);
    expect(alertForm.headers["retry-after"]).toBe("5");
    expect(alertForm.headers["cache-control"]).toBe("no-store");
    expect(alertForm.body).toContain(dataUnavailableMessage);

    // The back office: its own 503 page, private, for a page and a save alike.
    const adminPage = await staff.get("/admin/listings");
    expect(adminPage.statusCode).toBe(503);
    expect(adminPage.headers["retry-after"]).toBe("5");
    expect(adminPage.headers["cache-control"]).toBe("no-store, private");
    expect(adminPage.body).toContain("The database is not answering");
    expect(adminPage.body).toContain(backOfficeUnavailableMessage);
    expect(adminPage.body).not.toMatch(leakPattern);
    const save = await staff.post("/admin/amenities", { csrf: "x".repeat(43), title: "Sauna" });
    expect(save.statusCode).toBe(503);

    await proxy.restore();
    const deadline = Date.now() + 15_000;
    while ((await app.inject("/readyz")).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error("the database did not come back");
      await sleep(50);
    }
    const back = await app.inject(list);
    expect(back.statusCode).toBe(200);
    expect(back.body).toBe(good.body);
    expect((await app.inject("/property/HP-1001")).statusCode).toBe(200);
    expect((await staff.get("/admin/listings")).statusCode).toBe(200);
  }, 60_000);
});
