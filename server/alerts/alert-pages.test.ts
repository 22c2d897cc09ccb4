/**
 * The search alert pages on the built site (decision 055), reading the alert API in process and
 * over HTTP (API_BASE_URL, the site/server separation): the /search form, the save and its
 * refusals (the puzzle asked, a wrong, replayed or forged answer, a bad address, the honeypot,
 * the rate limit), and the link pages' answers for a
 * link that names nothing, never kept by the page cache. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSiteApp, type TestApp } from "../../tests/support/app.ts";
import { manageToken } from "./tokens.ts";

interface Puzzle {
  num1: string;
  num2: string;
  token: string;
}

/** The puzzle a page's form carries (its hidden digits and token). */
function puzzleIn(html: string): Puzzle {
  const value = (name: string) => html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1];
  const puzzle = { num1: value("num1"), num2: value("num2"), token: value("puzzle_token") };
  if (!puzzle.num1 || !puzzle.num2 || !puzzle.token) throw new Error("no puzzle on the page");
  return puzzle as Puzzle;
}

const form = (fields: Record<string, string>) => ({
  method: "POST" as const,
  headers: { "content-type": "application/x-www-form-urlencoded" },
  payload: new URLSearchParams(fields).toString(),
});

describe.each(["in process", "over HTTP"])("the alert pages (API %s)", (client) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestSiteApp(
      "sqlite",
      { CONTACT_RATE_LIMIT: "3/10m", PAGE_CACHE_TTL: "30", MAX_EVENT_LOOP_DELAY_MS: "0" },
      { apiOverHttp: client === "over HTTP" },
    );
  });
  afterAll(() => test.close());

  const alerts = () => test.app.database.db.selectFrom("search_alert").selectAll().execute();

  it("/search carries the form for its filters, the same for every visitor", async () => {
    const page = await test.app.inject({ url: "/search?status=For+Sale&bedrooms=2" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('action="/alerts"');
    expect(page.body).toContain('name="query" value="bedrooms=2&amp;status=For+Sale"');
    expect(page.body).toContain("For Sale, 2+ bedrooms");
  });

  /** The enquiry forms' puzzle endpoint, as the form's script reads it. */
  const freshPuzzle = async () =>
    (JSON.parse((await test.app.inject({ url: "/enquiry/puzzle" })).body) as { puzzle: Puzzle })
      .puzzle;
  /** A form's fields with a puzzle answered (right unless `answer` is given). */
  const answered = (fields: Record<string, string>, puzzle: Puzzle, answer?: string) => ({
    ...fields,
    num1: puzzle.num1,
    num2: puzzle.num2,
    puzzle_token: puzzle.token,
    puzzle: answer ?? String(Number(puzzle.num1) + Number(puzzle.num2)),
  });

  it("asks the puzzle on a first post without one, keeps the address, and saves on the right answer", async () => {
    const fields = { email: "Page@Example.com", query: "bedrooms=2&status=For+Sale", website: "" };
    const asked = await test.app.inject({ url: "/alerts", ...form(fields) });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["cache-control"]).toBe("no-store");
    expect(asked.body).toContain("Answer the puzzle below to save your alert.");
    expect(asked.body).toContain('value="Page@Example.com"');
    expect(asked.body).toContain("This field is required");
    expect(await alerts()).toEqual([]);
    const puzzle = puzzleIn(asked.body);
    expect(asked.body).toContain(`What is ${puzzle.num1} + ${puzzle.num2}?`);

    const saved = await test.app.inject({ url: "/alerts", ...form(answered(fields, puzzle)) });
    expect(saved.statusCode).toBe(200);
    expect(saved.headers["cache-control"]).toBe("no-store");
    expect(saved.headers["x-robots-tag"]).toBe("noindex");
    expect(saved.body).toContain("Check your inbox");
    expect(saved.body).not.toContain("page@example.com");
    expect(await alerts()).toEqual([
      expect.objectContaining({ email: "page@example.com", query: "bedrooms=2&status=For+Sale" }),
    ]);
  });

  it("saves nothing for a wrong, replayed or forged answer, and says why beside the puzzle", async () => {
    const fields = { email: "wrong@example.com", query: "status=For+Rent", website: "" };
    const puzzle = await freshPuzzle();
    const wrongAnswer = String((Number(puzzle.num1) + Number(puzzle.num2) + 1) % 17);
    const wrong = await test.app.inject({
      url: "/alerts",
      ...form(answered(fields, puzzle, wrongAnswer)),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toMatch(
      /class="enquiry-form__error">Answer provided to puzzle is not correct/,
    );
    expect(wrong.body).toContain('value="wrong@example.com"');
    // A fresh puzzle to answer, never the spent one.
    expect(puzzleIn(wrong.body).token).not.toBe(puzzle.token);

    const replayed = await test.app.inject({ url: "/alerts", ...form(answered(fields, puzzle)) });
    expect(replayed.statusCode).toBe(403);
    expect(replayed.body).toContain("This form has already been sent.");

    const other = await freshPuzzle();
    // The signature's first character changed: every bit of it counts (its last character's
    // low bits do not, so changing the end could leave the token as it was).
    const signatureAt = other.token.lastIndexOf(".") + 1;
    const changed = other.token[signatureAt] === "A" ? "B" : "A";
    const forgedToken = `${other.token.slice(0, signatureAt)}${changed}${other.token.slice(signatureAt + 1)}`;
    const forged = await test.app.inject({
      url: "/alerts",
      ...form(answered(fields, { ...other, token: forgedToken })),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain("The puzzle could not be verified.");
    const moved = await test.app.inject({
      url: "/alerts",
      ...form(answered(fields, { ...other, num1: other.num1 === "8" ? "0" : "8" })),
    });
    expect(moved.statusCode).toBe(403);
    expect((await alerts()).map((row) => row.email)).toEqual(["page@example.com"]);
  });

  it("answers a bad address with the form and its message, and a filled honeypot with 400", async () => {
    const bad = await test.app.inject({
      url: "/alerts",
      ...form(
        answered({ email: "nope", query: "status=For+Rent", website: "" }, await freshPuzzle()),
      ),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("Please enter valid email address");
    expect(bad.body).toContain('value="nope"');
    const trapped = await test.app.inject({
      url: "/alerts",
      ...form(answered({ email: "bot@example.com", query: "", website: "x" }, await freshPuzzle())),
    });
    expect(trapped.statusCode).toBe(400);
    expect((await alerts()).map((row) => row.email)).toEqual(["page@example.com"]);
  });

  it("limits saves per visitor like enquiries", async () => {
    // Three saves in ten minutes: the first test's and the refused address's count.
    const third = await test.app.inject({
      url: "/alerts",
      ...form(
        answered({ email: "third@example.com", query: "", website: "" }, await freshPuzzle()),
      ),
    });
    expect(third.statusCode).toBe(200);
    const puzzle = await freshPuzzle();
    const fourth = await test.app.inject({
      url: "/alerts",
      ...form(answered({ email: "fourth@example.com", query: "", website: "" }, puzzle)),
    });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.body).toContain("Too many requests from your address");
    // Given back, as for enquiries: the limit's refusal is not "already sent".
    const again = await test.app.inject({
      url: "/alerts",
      ...form(answered({ email: "fourth@example.com", query: "", website: "" }, puzzle)),
    });
    expect(again.statusCode).toBe(429);
    expect((await alerts()).map((row) => row.email)).not.toContain("fourth@example.com");
  });

  it("answers an expired manage link with 410 and how to get a fresh one", async () => {
    const lapsed = manageToken(test.app.formSecrets.alert, "late@example.com", new Date(1000));
    const manage = await test.app.inject({ url: `/alerts/manage?token=${lapsed}` });
    expect(manage.statusCode).toBe(410);
    expect(manage.headers["cache-control"]).toBe("no-store");
    expect(manage.body).toContain("This link has expired.");
    expect(manage.body).toContain("save a search with your address on the search page");
  });

  it("answers a link that names nothing with 404, never from the page cache", async () => {
    for (const token of [`${"a".repeat(43)}.zzzzzz.${"b".repeat(43)}`, `12.${"b".repeat(43)}`]) {
      const manage = await test.app.inject({ url: `/alerts/manage?token=${token}` });
      expect(manage.statusCode).toBe(404);
      expect(manage.headers["cache-control"]).toBe("no-store");
      expect(manage.headers["referrer-policy"]).toBe("same-origin");
      expect(manage.body).toContain("This link is not valid any more");
      const unsubscribe = await test.app.inject({
        url: `/alerts/unsubscribe?token=${token}`,
        ...form({ "List-Unsubscribe": "One-Click" }),
      });
      expect(unsubscribe.statusCode).toBe(404);
    }
    const confirmPage = await test.app.inject({ url: `/alerts/confirm?token=${"c".repeat(43)}` });
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain("Confirm my alert");
  });
});
