/**
 * Helpers of the enquiry specs: the two forms, their puzzle, the API's own answers (for the
 * expected texts) and the e2e database (to see what was stored).
 */
import { resolve } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { type EnquiryRecord, listEnquiries } from "../../db/queries/enquiry.ts";
import { apiToken, baseURL, e2eDataDir } from "./api.ts";

export type FormKind = "contact" | "property";

/** The e2e server's database (see playwright.config.ts). */
export const e2eDatabaseUrl = `file:${resolve(import.meta.dirname, "../..", e2eDataDir, "e2e.db")}`;

/** The enquiries stored with `email`, read straight from a database. */
export async function enquiriesFrom(
  email: string,
  databaseUrl: string = e2eDatabaseUrl,
): Promise<EnquiryRecord[]> {
  const handle = openDatabase(databaseUrl);
  try {
    return (await listEnquiries(handle.db)).filter((enquiry) => enquiry.email === email);
  } finally {
    await handle.close();
  }
}

/** An address no other test uses. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** POSTs an enquiry straight to the API (multipart, bearer token): its answer is the reference. */
export async function postToApi(
  fields: Record<string, string>,
  base: string = baseURL,
): Promise<{
  httpStatus: number;
  body: { status: number; message: string; errors?: Record<string, string> };
}> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const response = await fetch(`${base}/api/contact/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiToken}` },
    body,
  });
  return { httpStatus: response.status, body: (await response.json()) as never };
}

/** The form of each page: the contact form or the detail page's 'Are you Interested?'. */
export function enquiryForm(page: Page, kind: FormKind): Locator {
  return kind === "contact"
    ? page.getByRole("form", { name: "Contact form" })
    : page.getByRole("region", { name: "Are you Interested?" }).locator("form");
}

export const submitLabel = (kind: FormKind) => (kind === "contact" ? "Send Message" : "Submit");

/** The puzzle's answer box, found by its SPEC §5 placeholder 'n + m =?'. */
export const puzzleBox = (form: Locator) => form.getByPlaceholder(/^\d \+ \d =\?$/);

/** The digits shown in the placeholder. */
export async function puzzleDigits(form: Locator): Promise<[number, number]> {
  const placeholder = (await puzzleBox(form).getAttribute("placeholder")) ?? "";
  const match = /^(\d) \+ (\d) =\?$/.exec(placeholder);
  expect(match, `a puzzle placeholder, not '${placeholder}'`).toBeTruthy();
  return [Number(match?.[1]), Number(match?.[2])];
}

/** The signed token of the puzzle shown. */
export const puzzleToken = (form: Locator) =>
  form.locator('input[name="puzzle_token"]').inputValue();

/**
 * Fills every field validly, the puzzle left alone (pages carry none, decision 031: it comes
 * from the puzzle endpoint with JavaScript, or with a first post without).
 */
export async function fillEnquiryFields(
  form: Locator,
  kind: FormKind,
  values: { fullname: string; email: string; message: string },
) {
  await form.getByLabel("Full Name", { exact: true }).fill(values.fullname);
  await form.getByLabel("Telephone", { exact: true }).fill("+1 555 0100");
  await form.getByLabel("Email", { exact: true }).fill(values.email);
  if (kind === "contact") await form.getByLabel("Subject", { exact: true }).fill("A viewing");
  else await form.getByLabel("How did you hear about us?").selectOption("Google");
  await form.getByLabel("Message", { exact: true }).fill(values.message);
}

/** Answers the puzzle shown (waiting for it to be read). */
export async function answerPuzzle(form: Locator) {
  const [num1, num2] = await puzzleDigits(form);
  await puzzleBox(form).fill(String(num1 + num2));
}

/** Fills every field validly and answers the puzzle. */
export async function fillEnquiry(
  form: Locator,
  kind: FormKind,
  values: { fullname: string; email: string; message: string },
) {
  await fillEnquiryFields(form, kind, values);
  await answerPuzzle(form);
}

/** The form is back to its initial values (SPEC §4: reset after any outcome). */
export async function expectReset(form: Locator, kind: FormKind) {
  for (const label of ["Full Name", "Telephone", "Email"]) {
    await expect(form.getByLabel(label, { exact: true })).toHaveValue("");
  }
  await expect(form.getByLabel("Message", { exact: true })).toHaveValue(
    "Hello, I am interested in ...",
  );
  if (kind === "contact") await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("");
  else await expect(form.getByLabel("How did you hear about us?")).toHaveValue("");
  await expect(puzzleBox(form)).toHaveValue("");
}

/** Reads a hidden field's value from a page's HTML (a client without a browser). */
export function hiddenValue(html: string, name: string): string {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";
}
