/**
 * A member of staff in the drill: made with `npm run users`'s code, given a password through
 * their one-time link, signed in, then saving listings in the back office's editor through its
 * real form (every field as the page has it, the form token included), as a browser without
 * JavaScript posts it. Each save gives one listing a headline naming the save, so the database
 * and the audit log can be asked for it afterwards.
 */
import { randomBytes } from "node:crypto";
import { runUsersCli } from "../../server/cli/users.ts";
import { exampleOf, refusalOr } from "./tally.ts";

/** The headline a save writes: `[client-n]` never occurs inside another save's mark. */
export const saveMark = (client: number, n: number) => `Drill save [${client}-${n}]`;

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};
const decode = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => entities[e]!);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The fields a browser posts from the form holding `marker`: name and value, in order. */
export function formPairs(html: string, marker: string): [string, string][] {
  const start = html.indexOf(marker);
  if (start < 0) throw new Error(`the page has no form ${marker}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const pairs: [string, string][] = [];
  for (const [tag] of form.matchAll(/<input[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || type === "submit" || type === "button" || type === "file") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(?:=""|\s|>|\/)/.test(tag))
      continue;
    pairs.push([name, decode(attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""))]);
  }
  for (const [, open = "", options = ""] of form.matchAll(/<select([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(open, "name");
    if (!name) continue;
    const chosen = [...options.matchAll(/<option([^>]*)>/g)].filter(([, at = ""]) =>
      /\sselected/.test(at),
    );
    const first = /<option([^>]*)>/.exec(options);
    for (const [, at = ""] of chosen.length > 0 ? chosen : first ? [first] : []) {
      pairs.push([name, decode(attribute(at, "value") ?? "")]);
    }
  }
  for (const [, open = "", text = ""] of form.matchAll(
    /<textarea([^>]*)>([\s\S]*?)<\/textarea>/g,
  )) {
    const name = attribute(open, "name");
    if (name) pairs.push([name, decode(text)]);
  }
  return pairs;
}

/** A browser's cookie jar and form posts, for the back office behind the proxy at `base`. */
class AdminBrowser {
  readonly #cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async request(path: string, form?: [string, string][]): Promise<Response> {
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${this.base}${path}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded", origin: this.base } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", ...value] = pair.split("=");
      if (/max-age=0/i.test(line) || value.join("=") === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value.join("="));
    }
    return response;
  }
}

/** Why a step of a save did not go as a browser would expect: its status, or "no answer". */
export class StaffStepFailed extends Error {
  readonly step: string;
  readonly status: string;
  /** Refused honestly: a 429, or a 503 with Retry-After. */
  readonly refused: boolean;
  /** The path, request id and what the answer said (see exampleOf). */
  readonly example: string;
  constructor(step: string, status: string, refused = false, example = "") {
    super(`${step}: ${status}`);
    this.step = step;
    this.status = status;
    this.refused = refused;
    this.example = example;
  }
}

export class StaffMember {
  readonly #browser: AdminBrowser;
  #signedIn = false;

  readonly email: string;
  readonly password: string;

  private constructor(base: string, email: string, password: string) {
    this.#browser = new AdminBrowser(base);
    this.email = email;
    this.password = password;
  }

  /** A new agent, added by the users command's code with a password set through their link. */
  static async add(base: string, databaseUrl: string, siteUrl: string): Promise<StaffMember> {
    const id = randomBytes(4).toString("hex");
    const email = `drill-agent-${id}@example.com`;
    let printed = "";
    let errors = "";
    const code = await runUsersCli(["add", "--agent", email], {
      stdout: (text) => {
        printed += text;
      },
      stderr: (text) => {
        errors += text;
      },
      databaseUrl,
      siteUrl,
    });
    const link = /\/admin\/set-password\/[\w-]{43}/.exec(printed)?.[0];
    if (code !== 0 || !link) throw new Error(`users add --agent ${email} failed: ${errors}`);
    const member = new StaffMember(
      base,
      email,
      `drill password ${id} ${randomBytes(6).toString("hex")}`,
    );
    const page = await member.#browser.request(link);
    const csrf = formPairs(await page.text(), "<form").find(([name]) => name === "csrf")?.[1];
    const set = await member.#browser.request(link, [
      ["csrf", csrf ?? ""],
      ["password", member.password],
      ["confirmation", member.password],
    ]);
    if (set.status !== 302) throw new Error(`setting ${email}'s password answered ${set.status}`);
    return member;
  }

  async #signIn() {
    const page = await this.#step("sign-in page", "/admin/sign-in", 200);
    const csrf = formPairs(await page.text(), "<form").find(([name]) => name === "csrf")?.[1];
    const answer = await this.#step("sign in", "/admin/sign-in", 302, [
      ["csrf", csrf ?? ""],
      ["email", this.email],
      ["password", this.password],
    ]);
    if (answer.headers.get("location") !== "/admin/") {
      throw new StaffStepFailed("sign in", `302 to ${answer.headers.get("location")}`);
    }
    this.#signedIn = true;
  }

  async #step(step: string, path: string, expected: number, form?: [string, string][]) {
    let response: Response;
    try {
      response = await this.#browser.request(path, form);
    } catch {
      throw new StaffStepFailed(step, "no answer", false, path);
    }
    if (response.status !== expected) {
      const example = exampleOf(path, response, await response.text());
      const refused = refusalOr(response) === "refused";
      throw new StaffStepFailed(step, String(response.status), refused, example);
    }
    return response;
  }

  /**
   * Opens listing `code`'s editor (signing in first when needed) and returns its form's fields
   * with the headline set to `headline`, ready to post. Throws StaffStepFailed.
   */
  async openEditor(code: string, headline: string): Promise<[string, string][]> {
    if (!this.#signedIn) await this.#signIn();
    const path = `/admin/listings/${code}/edit`;
    const page = await this.#step("editor", path, 200).catch((error: unknown) => {
      // A 302 here is the sign-in page: the session ended. Sign in on the next try.
      if (error instanceof StaffStepFailed && error.status === "302") this.#signedIn = false;
      throw error;
    });
    return [
      ...formPairs(await page.text(), 'class="admin-editor"').map(
        ([name, value]): [string, string] => [name, name === "headline" ? headline : value],
      ),
      ["intent", "save"],
    ];
  }

  /** Posts the editor's form: the answer, and its body. */
  async save(
    code: string,
    form: [string, string][],
  ): Promise<{ response: Response; body: string }> {
    const response = await this.#browser.request(`/admin/listings/${code}/edit`, form);
    return { response, body: await response.text() };
  }
}
