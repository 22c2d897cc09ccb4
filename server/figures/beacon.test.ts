import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";
import { testDialects } from "../../tests/support/test-database.ts";

const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const otherBrowser = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/605.1.15";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe.each(testDialects)("the figures' beacon on %s", (dialect) => {
  let test: TestApp;
  let clock = new Date("2026-11-29T10:00:00Z");

  beforeAll(async () => {
    test = await createTestApp(dialect, {}, { figuresClock: () => clock });
  });
  afterAll(() => test.close());

  const beacon = (
    body: Record<string, string>,
    { userAgent = browser, ip = "203.0.113.7", site = "same-origin" } = {},
  ) =>
    test.app.inject({
      method: "POST",
      url: "/figures/beacon",
      remoteAddress: ip,
      headers: { "user-agent": userAgent, "sec-fetch-site": site },
      payload: body,
    });

  const dayRows = (code: string) =>
    test.app.database.db
      .selectFrom("listing_day_figures")
      .innerJoin("property", "property.id", "listing_day_figures.property_id")
      .select(["day", "views", "shortlist_adds"])
      .where("property.code", "=", code)
      .orderBy("day")
      .execute();

  it("counts a visitor's view once a day, and each visitor", async () => {
    const first = await beacon({ code: "HP-1001", event: "view" });
    expect(first.statusCode).toBe(204);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["set-cookie"]).toBeUndefined();
    await beacon({ code: "HP-1001", event: "view" });
    await beacon({ code: "HP-1001", event: "view" }, { ip: "198.51.100.4" });
    await beacon({ code: "HP-1001", event: "view" }, { userAgent: otherBrowser });
    expect(await dayRows("HP-1001")).toEqual([{ day: "2026-11-29", views: 3, shortlist_adds: 0 }]);
  });

  it("counts shortlist adds apart from views", async () => {
    await beacon({ code: "HP-1002", event: "shortlist" });
    await beacon({ code: "HP-1002", event: "shortlist" });
    await beacon({ code: "HP-1002", event: "view" });
    expect(await dayRows("HP-1002")).toEqual([{ day: "2026-11-29", views: 1, shortlist_adds: 1 }]);
  });

  it("counts no bot, no empty browser, no cross-site post, no unknown event or listing", async () => {
    const answers = [
      await beacon({ code: "HP-1003", event: "view" }, { userAgent: googlebot }),
      await beacon({ code: "HP-1003", event: "view" }, { userAgent: "" }),
      await beacon({ code: "HP-1003", event: "view" }, { site: "cross-site" }),
      await beacon({ code: "HP-1003", event: "enquiry" }),
      await beacon({ code: "NO-SUCH-CODE", event: "view" }),
    ];
    // Answered alike, counted or not.
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 204, 204, 204]);
    expect(await dayRows("HP-1003")).toEqual([]);
    expect((await beacon({ code: "HP-1003" })).statusCode).toBe(400);
  });

  it("counts the same visitor again the next day, under a new salt, and forgets the old day", async () => {
    const db = test.app.database.db;
    const before = await db.selectFrom("figure_salt").selectAll().execute();
    expect(before.map((row) => row.day)).toEqual(["2026-11-29"]);
    clock = new Date("2026-11-30T00:00:05Z");
    await beacon({ code: "HP-1001", event: "view" });
    await beacon({ code: "HP-1001", event: "view" });
    expect(await dayRows("HP-1001")).toEqual([
      { day: "2026-11-29", views: 3, shortlist_adds: 0 },
      { day: "2026-11-30", views: 1, shortlist_adds: 0 },
    ]);
    const after = await db.selectFrom("figure_salt").selectAll().execute();
    expect(after.map((row) => row.day)).toEqual(["2026-11-30"]);
    expect(after[0]?.salt).not.toBe(before[0]?.salt);
    // Nothing of yesterday's visitors is kept: not their hashes, let alone an address.
    const visitors = await db.selectFrom("figure_visitor").selectAll().execute();
    expect(visitors.map((row) => row.day)).toEqual(["2026-11-30"]);
    expect(JSON.stringify(visitors)).not.toContain("203.0.113.7");
  });

  it("does not count a listing the site does not show", async () => {
    await test.app.database.db
      .updateTable("property")
      .set({ publish: 0 })
      .where("code", "=", "HP-1004")
      .execute();
    await beacon({ code: "HP-1004", event: "view" });
    expect(await dayRows("HP-1004")).toEqual([]);
  });
});
