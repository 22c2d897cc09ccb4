/**
 * The enquiry forms' spam defences, end to end: a replayed or forged puzzle token, a filled
 * honeypot and a burst over the per-visitor rate limit are each refused with a clear message,
 * logged, and store nothing.
 *
 * These tests run against a second server of their own, started here with a low enquiry limit
 * (CONTACT_RATE_LIMIT=3/1m; the shared e2e server runs without one) so that its log can be
 * read. Each test is a different visitor: the site's server trusts the loopback proxy, so the
 * X-Forwarded-For header sets the visitor's IP, which the site forwards to the API.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { enquiryPuzzlePath } from "#app-context";
import { enquiryRefusals } from "../../app/enquiry/enquiry-action.server.ts";
import { issuePuzzle } from "../../app/enquiry/puzzle-token.server.ts";
import { freePort } from "../support/server-process.ts";
import { apiToken } from "./api.ts";
import {
  enquiriesFrom,
  enquiryForm,
  expectReset,
  fillEnquiry,
  hiddenValue,
  postToApi,
  puzzleBox,
  puzzleToken,
  uniqueEmail,
} from "./enquiry-helpers.ts";
import { gotoHydrated } from "./hydrated.ts";

const rootDir = resolve(import.meta.dirname, "../..");
// A port the system has free now, not one next to E2E_PORT that another program may hold.
const port = await freePort();
const spamBase = `http://127.0.0.1:${port}`;
// Its database and images: a folder of this run's own (made by beforeAll), so two runs never
// share one.
let dataDir = "";
let databaseUrl = "";

let server: ChildProcess | undefined;
let serverLog = "";

// One server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });
test.use({ baseURL: spamBase });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(resolve(tmpdir(), "homes-e2e-spam-"));
  databaseUrl = `file:${resolve(dataDir, "spam.db")}`;
  // Not seeding, so the image folder must exist (decision 024), as an operator would make it.
  mkdirSync(resolve(dataDir, "images"), { recursive: true });
  server = spawn(process.execPath, ["server/index.ts"], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      IMAGE_DIR: resolve(dataDir, "images"),
      API_TOKEN: apiToken,
      CONTACT_RATE_LIMIT: "3/1m",
      SEED_DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    serverLog += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    serverLog += chunk.toString();
  });
  const deadline = Date.now() + 80_000;
  for (;;) {
    const ready = await fetch(`${spamBase}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) {
      throw new Error(`the spam test server did not start:\n${serverLog}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await once(server, "exit");
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** React escapes quotes in text; the messages are compared as the page shows them. */
const decodeText = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/**
 * A client without a browser, as a bot would be: reads a puzzle from the puzzle endpoint, as
 * the form does (pages carry none, decision 031), and posts the form.
 */
function visitor(request: APIRequestContext, ip: string) {
  const headers = { "x-forwarded-for": ip };
  return {
    async load() {
      const response = await request.get(enquiryPuzzlePath, { headers });
      expect(response.headers()["cache-control"]).toBe("no-store");
      const { puzzle } = (await response.json()) as {
        puzzle: { num1: string; num2: string; token: string };
      };
      const form = { num1: puzzle.num1, num2: puzzle.num2, puzzle_token: puzzle.token };
      expect(form.puzzle_token).not.toBe("");
      return form;
    },
    async post(form: Record<string, string>) {
      const response = await request.post("/contact", { form, headers });
      return { status: response.status(), html: decodeText(await response.text()) };
    },
  };
}

function contactFields(email: string, puzzle: { num1: string; num2: string }) {
  return {
    fullname: "Spam Check",
    telephone: "+1 555 0100",
    email,
    how_you_hear: "A question",
    message: "Hello, I am interested in ...",
    puzzle: String(Number(puzzle.num1) + Number(puzzle.num2)),
    website: "",
  };
}

test("a replayed puzzle token is refused with a clear message, logged, and stores nothing more", async ({
  request,
}) => {
  const client = visitor(request, "203.0.113.10");
  const email = uniqueEmail("replay");
  const puzzle = await client.load();
  const body = { ...contactFields(email, puzzle), ...puzzle };

  const first = await client.post(body);
  expect(first.status).toBe(200);
  expect(first.html).toContain("Success!");
  const replay = await client.post(body);
  expect(replay.status).toBe(403);
  expect(replay.html).toContain("Errors!");
  expect(replay.html).toContain(enquiryRefusals.used);

  expect(await enquiriesFrom(email, databaseUrl)).toHaveLength(1);
  expect(serverLog).toContain("enquiry refused (contact form): puzzle token replayed");
});

test("a forged or re-signed puzzle token is refused with a clear message, logged, and stores nothing; a missing one is asked the puzzle", async ({
  request,
}) => {
  const client = visitor(request, "203.0.113.11");
  const email = uniqueEmail("forged");
  const puzzle = await client.load();
  const [body = "", signature = ""] = puzzle.puzzle_token.split(".");
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
  // The same signature on other digits, and a token minted with a guessed secret.
  // (Never the token's own digits: a puzzle may be 0 + 0, and the token would be genuine.)
  const easier = { ...payload, n1: payload.n1 === 0 ? 1 : 0, n2: 0 };
  const tampered = `${Buffer.from(JSON.stringify(easier)).toString("base64url")}.${signature}`;
  const minted = issuePuzzle("a-guessed-secret-value", Date.now(), () => 1);

  const attempts = [
    { num1: String(easier.n1), num2: "0", puzzle_token: tampered },
    { num1: "1", num2: "1", puzzle_token: minted.token },
  ];
  for (const attempt of attempts) {
    const answer = await client.post({ ...contactFields(email, attempt), ...attempt });
    expect(answer.status).toBe(403);
    expect(answer.html).toContain("Errors!");
    expect(answer.html).toContain(enquiryRefusals.invalid);
  }
  expect(await enquiriesFrom(email, databaseUrl)).toHaveLength(0);
  expect(serverLog).toContain("enquiry refused (contact form): puzzle token forged");
  // Without a token (a first post without JavaScript): the form again with a puzzle to answer.
  const missing = { num1: puzzle.num1, num2: puzzle.num2, puzzle_token: "" };
  const asked = await client.post({ ...contactFields(email, missing), ...missing });
  expect(asked.status).toBe(200);
  expect(asked.html).not.toContain("Errors!");
  expect(asked.html).toMatch(/What is [0-8] \+ [0-8]\?/);
  expect(hiddenValue(asked.html, "puzzle_token")).not.toBe("");
  expect(await enquiriesFrom(email, databaseUrl)).toHaveLength(0);
  expect(serverLog).toContain("enquiry held (contact form): no puzzle token yet, a puzzle issued");

  // The untouched token still works: the refusals did not spend it.
  const genuine = await client.post({ ...contactFields(email, puzzle), ...puzzle });
  expect(genuine.status).toBe(200);
  expect(await enquiriesFrom(email, databaseUrl)).toHaveLength(1);
});

test("a filled honeypot is refused with a clear message, logged, and stores nothing; people never reach it", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.12" });
  await gotoHydrated(page, "/contact");
  const form = enquiryForm(page, "contact");
  const honeypot = form.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");

  // Keyboard users go from the puzzle straight to the button.
  await puzzleBox(form).focus();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeFocused();

  const email = uniqueEmail("honeypot");
  await fillEnquiry(form, "contact", { fullname: "Busy Bot", email, message: "Buy now" });
  // A bot fills every field it finds.
  await honeypot.evaluate((input: HTMLInputElement) => {
    input.value = "https://spam.example";
  });
  const tokenBefore = await puzzleToken(form);
  await form.getByRole("button", { name: "Send Message" }).click();

  const alert = form.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Errors!" })).toBeVisible();
  await expect(alert).toContainText(enquiryRefusals.honeypot);
  await expectReset(form, "contact");
  await expect(honeypot).toHaveValue("");
  expect(await puzzleToken(form)).not.toBe(tokenBefore);
  expect(await enquiriesFrom(email, databaseUrl)).toHaveLength(0);
  expect(serverLog).toContain("enquiry refused (contact form): honeypot filled");
});

test("a burst over the per-visitor rate limit is refused with the API's message and stores nothing more", async ({
  page,
  request,
}) => {
  const ip = "203.0.113.13";
  const client = visitor(request, ip);
  const email = uniqueEmail("burst");
  for (let index = 0; index < 3; index++) {
    const puzzle = await client.load();
    const answer = await client.post({ ...contactFields(email, puzzle), ...puzzle });
    expect(answer.status, `enquiry ${index + 1} of 3 is within the limit`).toBe(200);
  }

  // The fourth, from the browser, goes over the limit.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  await gotoHydrated(page, "/contact");
  const form = enquiryForm(page, "contact");
  await fillEnquiry(form, "contact", { fullname: "Spam Check", email, message: "Once more" });
  await form.getByRole("button", { name: "Send Message" }).click();
  const alert = form.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Errors!" })).toBeVisible();

  // The API's own answer to this visitor now is the reference message.
  const reference = await fetch(`${spamBase}/api/contact/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiToken}`, "x-forwarded-for": ip },
    body: new FormData(),
  });
  expect(reference.status).toBe(429);
  const { message } = (await reference.json()) as { message: string };
  expect(message).not.toBe("");
  // The message counts down the time left ("… in 55 seconds"), so the alert shown a moment
  // earlier may name a second more, or a whole minute at the window's start: compare the words,
  // any number and unit of time in place of each.
  const sameWordsAnyTime = new RegExp(
    message
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/\d+ (?:seconds?|minutes?)/g, "\\d+ (?:seconds?|minutes?)"),
  );
  await expect(alert).toContainText(sameWordsAnyTime);
  await expectReset(form, "contact");

  expect(await enquiriesFrom(email, databaseUrl)).toHaveLength(3);
  expect(serverLog).toContain("enquiry refused (contact form): rate limit");

  // Another visitor is not held back by this one's burst.
  const other = await postToApi(
    {
      fullname: "Someone Else",
      telephone: "1",
      email: uniqueEmail("other"),
      property_code: "",
      message: "Hello",
      how_you_hear: "Other",
      num1: "1",
      num2: "1",
      answer: "2",
      puzzle: "2",
    },
    spamBase,
  );
  expect(other.httpStatus).toBe(200);
});
