/**
 * Issue 13, item 7, on pages without React (decision 043): what a visitor types, deletes, selects
 * or submits in an enquiry form before the page's script has run is not lost. Edits made before
 * it runs stand and its checks see them; a Submit pressed before it runs is a plain form post,
 * answered as without JavaScript (the puzzle to answer, the fields as typed). On a slowed CPU,
 * as on a phone.
 */
import { expect, type Locator, type Page, type Request, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { enquiryMessages } from "../../lib/enquiry-rules.ts";
import { figureBeaconPath } from "../../lib/listing-figures.ts";
import { listProperties } from "./api.ts";
import { enquiryForm, type FormKind, puzzleBox, submitLabel } from "./enquiry-helpers.ts";
import { holdRequests } from "./hold.ts";

/** Chromium's CPU slowdown (DevTools' "6× slowdown", a mid-range phone). */
const cpuSlowdown = 6;
const enhancementModule = /\/assets\/entry\.enhance-[^/]+\.js$/;

let property: Property;

test.beforeAll(async () => {
  const properties = await listProperties();
  expect(properties.length).toBeGreaterThan(0);
  property = properties[0]!;
});

const pathOf = (kind: FormKind) => (kind === "contact" ? "/contact" : `/property/${property.slug}`);

async function slowDownCpu(page: Page) {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
}

const enhanced = (page: Page) => page.locator('html[data-enhanced="true"]');
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/**
 * The fields' error messages saying `message`, the puzzle's left out (the script reads the
 * puzzle once it runs: whether it is there at the check is a race).
 */
const fieldErrors = (form: Locator, message: string) =>
  form.locator(".enquiry-form__error:not([id$='-puzzle-error'])").filter({ hasText: message });
const howYouHearLabel = (kind: FormKind) =>
  kind === "contact" ? "Subject" : "How did you hear about us?";

/** Empties the prefilled message box as a visitor does: select all, delete. */
async function clearMessage(page: Page, form: Locator, { focused = false } = {}) {
  if (!focused) await field(form, "Message").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
}

/**
 * A visitor's edits, message first (the prefilled field): the message emptied, a name typed, an
 * e-mail address mistyped, how they heard chosen, the telephone left empty; then Submit unless
 * told not to. (The puzzle is not on the page before the script has read it: pages carry none,
 * decision 031.) Returns the values the fields must keep.
 */
async function editAndSubmit(page: Page, kind: FormKind, { submit = true } = {}) {
  const form = enquiryForm(page, kind);
  await clearMessage(page, form);
  await field(form, "Full Name").pressSequentially("Early Visitor");
  await field(form, "Email").pressSequentially("not-an-email");
  if (kind === "contact") await field(form, "Subject").pressSequentially("A viewing");
  else await form.getByLabel(howYouHearLabel(kind)).selectOption("Google");
  if (submit) await form.getByRole("button", { name: submitLabel(kind) }).click();
  return {
    Message: "",
    "Full Name": "Early Visitor",
    Telephone: "",
    Email: "not-an-email",
    [howYouHearLabel(kind)]: kind === "contact" ? "A viewing" : "Google",
  };
}

/** Every field as the visitor left it, and the checks' verdict on it. */
async function expectAsLeft(page: Page, kind: FormKind, values: Record<string, string>) {
  const form = enquiryForm(page, kind);
  for (const [label, value] of Object.entries(values)) {
    await expect(form.getByLabel(label, { exact: true }), label).toHaveValue(value);
  }
  // The puzzle to answer: read by the script, or answered by the server to a plain post.
  await expect(puzzleBox(form)).toBeVisible();
  await expect(puzzleBox(form)).toHaveValue("");
  await expect(field(form, "Message")).toHaveAccessibleDescription(enquiryMessages.required);
  await expect(field(form, "Telephone")).toHaveAccessibleDescription(enquiryMessages.required);
  await expect(field(form, "Email")).toHaveAccessibleDescription(enquiryMessages.email);
  for (const valid of ["Full Name", howYouHearLabel(kind)]) {
    await expect(form.getByLabel(valid, { exact: true }), valid).not.toHaveAttribute(
      "aria-invalid",
    );
  }
  await expect(fieldErrors(form, enquiryMessages.required)).toHaveCount(2);
}

for (const kind of ["property", "contact"] as const) {
  test.describe(`${kind} form on a slowed CPU`, () => {
    test.beforeEach(async ({ page }) => {
      await slowDownCpu(page);
    });

    test("edits made before the script runs stand, and its checks see them", async ({ page }) => {
      const releaseScript = await holdRequests(page, enhancementModule);
      await page.goto(pathOf(kind), { waitUntil: "commit" });
      const values = await editAndSubmit(page, kind, { submit: false });
      await expect(enhanced(page)).toHaveCount(0);

      releaseScript();
      await expect(enhanced(page)).toHaveCount(1);
      const posts: Request[] = [];
      page.on("request", (request) => {
        // The property page's view beacon (decision 099) is no post of the form.
        if (request.method() === "POST" && !request.url().endsWith(figureBeaconPath)) {
          posts.push(request);
        }
      });
      await enquiryForm(page, kind)
        .getByRole("button", { name: submitLabel(kind) })
        .click();
      await expectAsLeft(page, kind, values);
      // The script's checks stopped the post.
      expect(posts).toEqual([]);
    });

    test("Submit pressed before the script runs is a plain post, answered with what was typed", async ({
      page,
    }) => {
      const releaseScript = await holdRequests(page, enhancementModule);
      await page.goto(pathOf(kind), { waitUntil: "commit" });
      const posted = page.waitForRequest(
        (request) => request.method() === "POST" && request.isNavigationRequest(),
      );
      const values = await editAndSubmit(page, kind);
      await posted;
      releaseScript();
      await page.waitForLoadState("load");
      await expectAsLeft(page, kind, values);
    });
  });
}
