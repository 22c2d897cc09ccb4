/**
 * The booking page and the calendar feed through the whole server (decision 101), on both
 * dialects: the page lists the free times and is never kept; a booking needs the puzzle and
 * keeps what was typed when refused; the booked page says it is tentative; a time taken meanwhile
 * is said so, with the times left; a listing without hours points to its enquiry form, a
 * removed one goes home; the property page links to it; and a member of staff's feed parses
 * with a real iCalendar parser, lists the viewing by its invite's UID, and fails once revoked.
 */
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertStaffUser } from "../../db/queries/staff.ts";
import { replaceStaffSpans } from "../../db/queries/viewing-booking.ts";
import { createTestSiteApp, type TestApp } from "../../tests/support/app.ts";
import { buildViewingRequest, buildViewingWeek } from "../../tests/support/factories.ts";
import { testDialects } from "../../tests/support/test-database.ts";
import { createCalendarFeeds } from "./calendar-feed.ts";

const form = (fields: Record<string, string>) => ({
  method: "POST" as const,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});

function puzzleIn(html: string) {
  const value = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];
  const num1 = value("num1") ?? "";
  const num2 = value("num2") ?? "";
  return {
    num1,
    num2,
    puzzle_token: value("puzzle_token") ?? "",
    puzzle: String(Number(num1) + Number(num2)),
  };
}

const slotsIn = (html: string) =>
  [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((match) => match[1] as string);

type Listing = { id: number; code: string; slug: string };

/**
 * The first two published listings, with no office hours (the demo's are dropped): the first
 * has an agent's own hours every day, so the next fourteen always hold free times; the second
 * has none.
 */
async function bookableListings(test: TestApp) {
  const db = test.app.database.db;
  const [listing, unbookable] = (await db
    .selectFrom("property")
    .select(["id", "code", "slug"])
    .where("publish", "=", 1)
    .orderBy("id")
    .limit(2)
    .execute()) as [Listing, Listing];
  const agent = (
    await insertStaffUser(db, { email: "host@example.com", role: "agent", now: new Date() })
  )?.id as number;
  await db.deleteFrom("viewing_availability").execute();
  await replaceStaffSpans(
    db,
    agent,
    listing.id,
    buildViewingWeek({ startTime: "08:00", endTime: "20:00" }, [1, 2, 3, 4, 5, 6, 7]),
    new Date(),
  );
  return { listing, unbookable, agent };
}

/** Books the `index`th time on offer with a fresh page's puzzle. */
async function book(test: TestApp, listing: Listing, index: number, email: string) {
  const shown = await test.app.inject({ url: `/property/${listing.slug}/viewing` });
  const slot = slotsIn(shown.body)[index] as string;
  return test.app.inject({
    url: `/property/${listing.slug}/viewing`,
    ...form({ ...buildViewingRequest(slot, { email }), ...puzzleIn(shown.body) }),
  });
}

describe("booking past the visitor's rate limit (CONTACT_RATE_LIMIT)", () => {
  let test: TestApp;
  let listing: Listing;

  beforeAll(async () => {
    test = await createTestSiteApp("sqlite", { CONTACT_RATE_LIMIT: "1/10m" });
    ({ listing } = await bookableListings(test));
  });
  afterAll(() => test?.close());

  it("is refused in the booking's own words, saying when to try again, and books nothing", async () => {
    expect((await book(test, listing, 0, "first@example.com")).statusCode).toBe(200);
    const refused = await book(test, listing, 1, "second@example.com");
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatch(
      /Too many requests from your address\. Nothing was booked: please try again in \d+ minutes?\./,
    );
    expect(refused.body).not.toContain("enquiries");
    const rows = await test.app.database.db.selectFrom("viewing").select("visitor_email").execute();
    expect(rows.map((row) => row.visitor_email)).toEqual(["first@example.com"]);
  });
});

describe.each(testDialects)("the booking page on %s", (dialect) => {
  let test: TestApp;
  let listing: Listing;
  let unbookable: Listing;
  let agent: number;

  beforeAll(async () => {
    test = await createTestSiteApp(dialect, { PAGE_CACHE_TTL: "30" });
    ({ listing, unbookable, agent } = await bookableListings(test));
  });
  afterAll(() => test?.close());

  const page = (slug = listing.slug) => test.app.inject({ url: `/property/${slug}/viewing` });

  it("lists the free times as radio buttons, with a puzzle, never kept by a cache", async () => {
    const first = await page();
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(first.headers["x-robots-tag"]).toBe("noindex");
    expect(first.body).toContain("Choose a time");
    expect(slotsIn(first.body).length).toBeGreaterThan(10);
    expect(first.body).toMatch(/What is \d \+ \d\?/);
    // A second view is rendered again (its own puzzle), not the first one kept.
    const second = await page();
    expect(puzzleIn(second.body).puzzle_token).not.toBe(puzzleIn(first.body).puzzle_token);
  });

  it("refuses a wrong puzzle and bad fields, keeping what was typed", async () => {
    const shown = await page();
    const slot = slotsIn(shown.body)[0] as string;
    const typed = buildViewingRequest(slot, {
      fullname: "Sam <b>Typed</b>",
      email: "not-an-address",
    });
    const puzzle = puzzleIn(shown.body);
    const wrong = await test.app.inject({
      url: `/property/${listing.slug}/viewing`,
      ...form({ ...typed, ...puzzle, puzzle: String((Number(puzzle.puzzle) + 1) % 17) }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("Answer provided to puzzle is not correct");
    expect(wrong.body).toContain('value="Sam &lt;b&gt;Typed&lt;/b&gt;"');
    const again = await page();
    const invalid = await test.app.inject({
      url: `/property/${listing.slug}/viewing`,
      ...form({ ...typed, ...puzzleIn(again.body) }),
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain("Please enter valid email address");
    expect(invalid.body).toContain('value="not-an-address"');
    expect(invalid.body).toContain(`checked="" value="${slot}"`);
  });

  it("books a time, tentative until confirmed; the same time again is taken, and the next offered", async () => {
    const shown = await page();
    const slot = slotsIn(shown.body)[1] as string;
    const booked = await test.app.inject({
      url: `/property/${listing.slug}/viewing`,
      ...form({
        ...buildViewingRequest(slot, { email: "booker@example.com" }),
        ...puzzleIn(shown.body),
      }),
    });
    expect(booked.statusCode).toBe(200);
    expect(booked.body).toContain("Viewing requested — tentative until we confirm");
    const rows = await test.app.database.db.selectFrom("viewing").selectAll().execute();
    expect(rows.map((row) => [row.visitor_email, row.status])).toEqual([
      ["booker@example.com", "tentative"],
    ]);

    // Another visitor had the page open with that time on it.
    const late = await test.app.inject({
      url: `/property/${listing.slug}/viewing`,
      ...form({
        ...buildViewingRequest(slot, { fullname: "Late Visitor" }),
        ...puzzleIn(shown.body),
      }),
    });
    expect(late.statusCode).toBe(403);
    const laterPage = await page();
    const taken = await test.app.inject({
      url: `/property/${listing.slug}/viewing`,
      ...form({
        ...buildViewingRequest(slot, { fullname: "Late Visitor" }),
        ...puzzleIn(laterPage.body),
      }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain("That time has just been taken by someone else");
    expect(taken.body).toContain('value="Late Visitor"');
    expect(slotsIn(taken.body)).not.toContain(slot);
    expect(slotsIn(taken.body).length).toBeGreaterThan(5);
  });

  it("points a listing without hours to its enquiry form, and a removed one home", async () => {
    const none = await page(unbookable.slug);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain("Viewings of this home cannot be booked online yet");
    expect(none.body).toContain(`href="/property/${unbookable.slug}?enquiry=viewing#enquiry-form"`);
    const gone = await page("no-such-home");
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe("/");
  });

  it("is linked from the property page and its phone bar", async () => {
    const property = await test.app.inject({ url: `/property/${listing.slug}` });
    const links = property.body.match(new RegExp(`href="/property/${listing.slug}/viewing"`, "g"));
    expect(links?.length).toBe(2);
  });

  it("leads back to its property in the breadcrumb, for visitors and search engines", async () => {
    const { headline } = await test.app.database.db
      .selectFrom("property")
      .select("headline")
      .where("id", "=", listing.id)
      .executeTakeFirstOrThrow();
    const body = (await page()).body;
    const trail = body.match(/<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/)?.[0] ?? "";
    const steps = [...trail.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map(([, step = ""]) => ({
      href: step.match(/href="([^"]*)"/)?.[1] ?? null,
      text: step.replace(/<[^>]+>/g, "").replaceAll("&amp;", "&"),
    }));
    expect(steps).toEqual([
      { href: "/", text: "Home" },
      { href: `/property/${listing.slug}`, text: headline },
      { href: null, text: "Book a viewing" },
    ]);
    const jsonLd = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)]
      .map((script) => JSON.parse(script[1] as string))
      .find((data) => data["@type"] === "BreadcrumbList");
    expect(jsonLd.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      headline,
      "Book a viewing",
    ]);
  });

  it("lists a member of staff's viewings in their private feed, until it is revoked", async () => {
    const feeds = createCalendarFeeds({
      database: test.app.database,
      siteUrl: "https://x.example",
    });
    const url = await feeds.issue(test.app.database.db, agent, new Date());
    const path = new URL(url).pathname;
    const answer = await test.app.inject({ url: path });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    const calendar = new ICAL.Component(ICAL.parse(answer.body));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = calendar.getAllSubcomponents("vevent").map((event) => new ICAL.Event(event));
    const viewing = await test.app.database.db
      .selectFrom("viewing")
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(events.map((event) => [event.uid, event.sequence])).toEqual([[viewing.uid, 0]]);
    expect(events[0]?.startDate.toJSDate().getTime()).toBe(new Date(viewing.starts_at).getTime());

    expect((await test.app.inject({ url: `${path.slice(0, -5)}x.ics` })).statusCode).toBe(404);
    await feeds.revoke(test.app.database.db, agent);
    expect((await test.app.inject({ url: path })).statusCode).toBe(404);
  });
});
