/**
 * Back-office tests' helpers: the server with the site on a fresh database, a member of staff
 * with a password, and a browser over `app.inject()` that keeps the /admin cookies it is sent,
 * reads each form's token, and signs in like a person would.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Dialect, StaffRole } from "../../db/database.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { type BuildAppOptions, buildApp } from "../../server/app.ts";
import { testConfig } from "./app.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

/**
 * The server with the built site (`npm run build` first) on a fresh, seeded database, never
 * listening, hashing passwords cheaply; `env` adds to or overrides the configuration.
 */
export async function createBackOfficeApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, "mailTransport" | "figuresClock"> = {},
): Promise<{ app: FastifyInstance; database: TestDatabase }> {
  const database = await createTestDatabase(dialect, { seed: true });
  const config = testConfig(database.url, env);
  const app = await buildApp({
    config,
    database: database.handle,
    site: true,
    scryptCost: { logN: 10, r: 8, p: 1 },
    ...options,
  });
  await app.ready();
  return { app, database };
}

/** A new member of staff with `role` and a password set through their one-time link. */
export async function createStaffMember(
  app: FastifyInstance,
  role: StaffRole,
): Promise<{ email: string; password: string }> {
  const email = `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const password = `a long password ${randomBytes(4).toString("hex")}`;
  const added = await app.staffAccounts.addStaffUser(email, role);
  if (!added.ok) throw new Error(added.message);
  const token = added.link.split("/").pop() as string;
  const set = await app.staffAccounts.service.setPassword(token, "127.0.0.1", password);
  if (!set.ok) throw new Error(`the set-password link of ${email} was refused: ${set.message}`);
  return { email, password };
}

/** Where a signed-out GET of the back-office page `url` is sent: sign in, then back to it. */
export function signInFor(url: string): string {
  return `/admin/sign-in?next=${encodeURIComponent(url)}`;
}

export function formTokenOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("the page has no form token");
  return match[1];
}

export interface AdminBrowser {
  cookies: Map<string, string>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, fields: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The form token of the page at `url`. */
  tokenFrom(url: string): Promise<string>;
  signIn(email: string, password: string): Promise<LightMyRequestResponse>;
}

export function adminBrowser(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): AdminBrowser {
  const cookies = new Map<string, string>();
  function keep(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === "") cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
  const cookieHeader = () =>
    [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") || undefined;
  const browser: AdminBrowser = {
    cookies,
    async get(url) {
      const cookie = cookieHeader();
      return keep(
        await app.inject({
          method: "GET",
          url,
          headers: { ...headers, ...(cookie ? { cookie } : {}) },
        }),
      );
    },
    async post(url, fields) {
      const cookie = cookieHeader();
      return keep(
        await app.inject({
          method: "POST",
          url,
          headers: {
            ...headers,
            "content-type": "application/x-www-form-urlencoded",
            ...(cookie ? { cookie } : {}),
          },
          payload: new URLSearchParams(fields).toString(),
        }),
      );
    },
    async tokenFrom(url) {
      return formTokenOf((await browser.get(url)).body);
    },
    async signIn(email, password) {
      const csrf = await browser.tokenFrom("/admin/sign-in");
      return browser.post("/admin/sign-in", { csrf, email, password });
    },
  };
  return browser;
}

/**
 * The back office (see createBackOfficeApp, with the page cache on and no contact rate limit)
 * with an agent signed in through `agent`, as the listing pages' route tests use it.
 */
export async function createSignedInBackOffice(
  dialect: Dialect,
): Promise<{ app: FastifyInstance; database: TestDatabase; agent: AdminBrowser }> {
  const { app, database } = await createBackOfficeApp(dialect, {
    CONTACT_RATE_LIMIT: "off",
    PAGE_CACHE_TTL: "600",
  });
  const { email, password } = await createStaffMember(app, "agent");
  const agent = adminBrowser(app);
  const signedIn = await agent.signIn(email, password);
  if (signedIn.headers.location !== "/admin/") throw new Error("the agent could not sign in");
  return { app, database, agent };
}

/** The seed's published listings one after the other, so each test has one no other touched. */
export function publishedListings(database: () => TestDatabase) {
  let taken = 0;
  return async () => {
    const rows = (await listAllPropertyRows(database().handle.db)).filter(
      (row) => row.publish === 1 || row.publish === true,
    );
    const row = rows[taken++];
    if (!row) throw new Error("the seed has too few published listings");
    return row;
  };
}
