/**
 * What the back office's end-to-end specs share: an owner made by `npm run users`'s code and
 * signed in, and a listing of a test's own.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { findPropertyRowByCode } from "../../db/queries/property.ts";
import { fillWithGeneratedProperties } from "../../db/seed/generate.ts";
import { runUsersCli } from "../../server/cli/users.ts";
import { e2eDatabaseUrl, siteUrl } from "./api.ts";

/** The set-password link's path out of a text that holds it (built on SITE_URL). */
export function setPasswordPath(text: string): string {
  const match = /https?:\/\/[^/\s]+(\/admin\/set-password\/[\w-]{43})/.exec(text);
  if (!match?.[1]) throw new Error(`no set-password link in: ${text}`);
  return match[1];
}

/** Signs in on the sign-in page the browser is on, and lands on the back office's home. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\/$/);
}

/** Opens a set-password link, sets `password`, then signs in with it. */
export async function setPasswordAndSignIn(
  page: Page,
  path: string,
  email: string,
  password: string,
) {
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?password=set$/);
  await signIn(page, email, password);
}

/**
 * A new owner, made by `npm run users -- add --owner` (its code, run in this worker: a Node
 * process per account cost about a second of CPU; back-office.spec.ts runs the command itself),
 * with a password set through its link and signed in.
 */
export async function newOwnerAccount(
  page: Page,
  prefix = "listings",
): Promise<{ email: string; password: string }> {
  const id = randomBytes(4).toString("hex");
  const email = `${prefix}-owner-${id}@example.com`;
  const password = `owner password ${id}`;
  let printed = "";
  let errors = "";
  const code = await runUsersCli(["add", "--owner", email], {
    stdout: (text) => {
      printed += text;
    },
    stderr: (text) => {
      errors += text;
    },
    databaseUrl: e2eDatabaseUrl,
    siteUrl,
  });
  if (code !== 0) throw new Error(`users add --owner ${email} failed (${code}): ${errors}`);
  await setPasswordAndSignIn(page, setPasswordPath(printed), email, password);
  return { email, password };
}

/** A new owner signed in (see newOwnerAccount): their e-mail. */
export async function newOwner(page: Page, prefix = "listings"): Promise<string> {
  return (await newOwnerAccount(page, prefix)).email;
}

/** A listing of this test's own, so other specs' listings stay as they are. */
export async function newListing() {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const { firstCode } = await fillWithGeneratedProperties(database, { count: 1 });
    const row = await findPropertyRowByCode(database.db, firstCode);
    if (!row) throw new Error(`${firstCode} was not added`);
    return { code: row.code, slug: row.slug, headline: row.headline };
  } finally {
    await database.close();
  }
}
