/**
 * What the drill's clients saw, per phase and kind of request: how many were sent, how many the
 * site acknowledged, how many it refused honestly (503 or 429, "try again"), and the errors (a
 * 5xx or no answer), each by what it was.
 */

export const requestKinds = ["page", "enquiry", "alert", "save"] as const;
export type RequestKind = (typeof requestKinds)[number];

/** The column each kind has in the table of client errors by phase. */
const kindTitles: Record<RequestKind, string> = {
  page: "pages",
  enquiry: "enquiries",
  alert: "alert sign-ups",
  save: "staff saves",
};

interface KindCounts {
  sent: number;
  acknowledged: number;
  refused: number;
  errors: number;
}

interface PhaseCounts {
  kinds: Record<RequestKind, KindCounts>;
  /** Every error and refusal, "enquiry 502" or "save no answer", with how often. */
  what: Map<string, number>;
}

export type Outcome = "acknowledged" | "refused" | "error";

/** A write's outcome from its answer: 429, and 503 with Retry-After, say "try again". */
export const refusalOr = (response: Response): Outcome =>
  response.status === 429 || (response.status === 503 && response.headers.has("retry-after"))
    ? "refused"
    : "error";

/**
 * One refused or failed answer, for the operator to look up: the path, the request id nginx
 * gave it (the servers log it), and what the answer said (its heading, title or message).
 */
export function exampleOf(path: string, response: Response, body: string): string {
  const said =
    /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1] ??
    /<title>([\s\S]*?)<\/title>/.exec(body)?.[1] ??
    /"message":\s*"([^"]*)"/.exec(body)?.[1] ??
    body;
  const text = said
    .replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
  return `${path} (${response.headers.get("x-request-id") ?? "no request id"}): ${text}`;
}

/** How many examples the drill keeps of each phase's kind of refusal or error. */
const examplesKept = 2;

export class Tally {
  readonly #phases = new Map<string, PhaseCounts>();
  /** Examples by "phase · kind what". */
  readonly #examples = new Map<string, string[]>();
  /** The phase requests are counted in from now on. */
  phase = "steady";

  #current(): PhaseCounts {
    let counts = this.#phases.get(this.phase);
    if (!counts) {
      const zero = () => ({ sent: 0, acknowledged: 0, refused: 0, errors: 0 });
      counts = {
        kinds: { page: zero(), enquiry: zero(), alert: zero(), save: zero() },
        what: new Map(),
      };
      this.#phases.set(this.phase, counts);
    }
    return counts;
  }

  /**
   * Counts one request of `kind`; unless acknowledged, `what` (a status, or "no answer") is
   * counted, and the first few `example`s of it are kept.
   */
  note(kind: RequestKind, outcome: Outcome, what = "", example?: string) {
    const counts = this.#current();
    const kindCounts = counts.kinds[kind];
    kindCounts.sent += 1;
    if (outcome === "acknowledged") kindCounts.acknowledged += 1;
    else if (outcome === "refused") kindCounts.refused += 1;
    else kindCounts.errors += 1;
    if (outcome !== "acknowledged") {
      const key = `${kind} ${what}`;
      counts.what.set(key, (counts.what.get(key) ?? 0) + 1);
      const examples = this.#examples.get(`${this.phase} · ${key}`) ?? [];
      if (example && examples.length < examplesKept) examples.push(example);
      this.#examples.set(`${this.phase} · ${key}`, examples);
    }
  }

  /** Requests of `kind` sent in every phase. */
  sent(kind: RequestKind): number {
    return [...this.#phases.values()].reduce((sum, counts) => sum + counts.kinds[kind].sent, 0);
  }

  /** Client errors by phase: per kind, "sent / acknowledged / refused / errors". */
  print() {
    console.log(
      "\nclient errors by phase, through the guide's nginx: sent / acknowledged (pages: 2xx-3xx) /" +
        " refused (503 with Retry-After, 429) / errors (other 4xx-5xx, no answer)",
    );
    console.table(
      Object.fromEntries(
        [...this.#phases].map(([name, counts]) => [
          name,
          {
            ...Object.fromEntries(
              requestKinds.map((kind) => {
                const { sent, acknowledged, refused, errors } = counts.kinds[kind];
                return [kindTitles[kind], `${sent} / ${acknowledged} / ${refused} / ${errors}`];
              }),
            ),
            "what they were": [...counts.what]
              .map(([what, times]) => `${what} ×${times}`)
              .join(", "),
          },
        ]),
      ),
    );
    const examples = [...this.#examples].filter(([, list]) => list.length > 0);
    if (examples.length > 0)
      console.log("\nexamples of each (path, X-Request-Id: what the answer said)");
    for (const [key, list] of examples) {
      for (const example of list) console.log(`  ${key}: ${example}`);
    }
  }
}

/** What became of one kind of write, followed from the client to where it ends. */
export interface Followed {
  sent: number;
  acknowledged: number;
  /** Acknowledged and found stored. */
  stored: number;
  /** The check past storing, such as "mailed once": how many were stored once and passed it. */
  delivered: { check: string; count: number };
  /** Acknowledged ones stored, mailed or audited more than once. */
  duplicated: number;
  /** Acknowledged ones not stored, or never mailed or audited. */
  lost: number;
  /** Stored though the client was not told so: allowed, and worth knowing. */
  storedNotAcknowledged: number;
  /** The first few duplicated, lost or unacknowledged ones, each named, to look up. */
  notes: string[];
}

/** The counts table: one block (a row) per kind of write. */
export function printFollowed(rows: Record<string, Followed>) {
  console.log("\ncounts: every acknowledged write followed to the database and beyond");
  console.table(
    Object.fromEntries(
      Object.entries(rows).map(([kind, row]) => [
        kind,
        {
          sent: row.sent,
          acknowledged: row.acknowledged,
          stored: row.stored,
          "followed to": `${row.delivered.count} ${row.delivered.check}`,
          duplicated: row.duplicated,
          lost: row.lost,
          "stored, not acknowledged": row.storedNotAcknowledged,
        },
      ]),
    ),
  );
  for (const [kind, row] of Object.entries(rows)) {
    for (const note of row.notes) console.log(`  ${kind}: ${note}`);
  }
}
