/**
 * The drill's visitors: each reads pages spread over the whole catalogue, and now and then sends
 * an enquiry through the §7 API or signs up for a search alert through the /search page's form
 * (its puzzle answered, as the form's script does). Every request is counted in the tally; every
 * acknowledged write is remembered by its address, to be followed afterwards.
 */
import { buildContactEnquiry } from "../../tests/support/factories.ts";
import { postEnquiry } from "../../tests/support/server-process.ts";
import { exampleOf, refusalOr, type Tally } from "./tally.ts";

/** What share of a visitor's requests are enquiries and alert sign-ups; the rest are pages. */
const enquiryShare = 0.12;
const alertShare = 0.04;

export interface VisitorLedgers {
  /** The addresses of acknowledged enquiries and alert sign-ups. */
  enquiries: Set<string>;
  alerts: Set<string>;
  /** How many enquiries and sign-ups were posted at all. */
  enquiriesPosted: number;
  alertsPosted: number;
}

export interface VisitorOptions {
  base: string;
  token: string;
  pagePaths: readonly string[];
  /** The filters alerts are saved for, as the /search form's `query` carries them. */
  alertQueries: readonly string[];
  tally: Tally;
  ledgers: VisitorLedgers;
  running: () => boolean;
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

let sequence = 0;

export async function visitor(id: number, options: VisitorOptions): Promise<void> {
  while (options.running()) {
    // A visitor's pace, not a flood: a failed request is not retried at once either.
    await wait(25);
    const roll = Math.random();
    sequence += 1;
    try {
      if (roll < enquiryShare) await sendEnquiry(id, sequence, options);
      else if (roll < enquiryShare + alertShare) await signUpForAlert(id, sequence, options);
      else await readPage(options);
    } catch {
      // No answer (a reset connection, a timeout): counted by the step that sent it.
    }
  }
}

async function readPage({ base, pagePaths, tally }: VisitorOptions) {
  const path = pick(pagePaths);
  let response: Response;
  let body: string;
  try {
    response = await fetch(`${base}${path}`, {
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    body = await response.text();
  } catch (error) {
    tally.note("page", "error", "no answer", path);
    throw error;
  }
  if (response.status < 400) {
    tally.note("page", "acknowledged");
    return;
  }
  const example = exampleOf(path, response, body);
  if (response.status === 503 && response.headers.has("retry-after")) {
    // The app's outage answer (decision 088), passed on by nginx only when it holds no copy
    // of the page: its cache status says which (MISS: never cached; EXPIRED would be a bug).
    const cache = response.headers.get("x-cache-status") ?? "";
    tally.note("page", "refused", `503 ${cache}`.trim(), example);
  } else tally.note("page", "error", String(response.status), example);
}

async function sendEnquiry(id: number, n: number, { base, token, tally, ledgers }: VisitorOptions) {
  const email = `drill-${id.toString(16)}0-${n}@example.com`;
  ledgers.enquiriesPosted += 1;
  let response: Response;
  let body: string;
  try {
    response = await postEnquiry(base, token, buildContactEnquiry({ email }), {
      timeoutMs: 20_000,
    });
    body = await response.text();
  } catch (error) {
    tally.note("enquiry", "error", "no answer");
    throw error;
  }
  if (response.status === 200) {
    tally.note("enquiry", "acknowledged");
    ledgers.enquiries.add(email);
  } else {
    const example = exampleOf("/api/contact/add", response, body);
    tally.note("enquiry", refusalOr(response), String(response.status), example);
  }
}

/** The /search form's alert sign-up: a puzzle from /enquiry/puzzle, then the post to /alerts. */
async function signUpForAlert(id: number, n: number, options: VisitorOptions) {
  const { base, tally, ledgers } = options;
  let puzzle: { num1: string; num2: string; token: string };
  try {
    const answer = await fetch(`${base}/enquiry/puzzle`, { signal: AbortSignal.timeout(20_000) });
    if (answer.status !== 200) {
      const example = exampleOf("/enquiry/puzzle", answer, await answer.text());
      tally.note("alert", refusalOr(answer), `puzzle ${answer.status}`, example);
      return;
    }
    ({ puzzle } = (await answer.json()) as { puzzle: typeof puzzle });
  } catch (error) {
    tally.note("alert", "error", "puzzle no answer");
    throw error;
  }
  const email = `drill-alert-${id.toString(16)}-${n}@example.com`;
  ledgers.alertsPosted += 1;
  let response: Response;
  let page: string;
  try {
    response = await fetch(`${base}/alerts`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({
        email,
        query: pick(options.alertQueries),
        website: "",
        num1: puzzle.num1,
        num2: puzzle.num2,
        puzzle_token: puzzle.token,
        puzzle: String(Number(puzzle.num1) + Number(puzzle.num2)),
      }).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    page = await response.text();
  } catch (error) {
    tally.note("alert", "error", "no answer");
    throw error;
  }
  if (response.status === 200 && page.includes("Check your inbox")) {
    tally.note("alert", "acknowledged");
    ledgers.alerts.add(email);
  } else {
    const example = exampleOf("/alerts", response, page);
    tally.note("alert", refusalOr(response), String(response.status), example);
  }
}
