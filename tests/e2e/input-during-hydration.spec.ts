/**
 * Issue 13, item 7: what a visitor types, deletes, selects or submits in an enquiry form before,
 * at or right after the page's load event (decision 023: React hydrates then) stands exactly as
 * they left it once React has taken over, and the form's checks see it. On a slowed CPU, so that
 * React's hydration overlaps the visitor's edits as on a phone.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { enquiryMessages } from "../../lib/enquiry-rules.ts";
import { listProperties } from "./api.ts";
import { enquiryForm, type FormKind, puzzleBox, submitLabel } from "./enquiry-helpers.ts";
import { holdRequests } from "./hold.ts";

/** Chromium's CPU slowdown (DevTools' "6× slowdown", a mid-range phone). */
const cpuSlowdown = 6;
const reactRouterEntry = /\/assets\/entry\.client-[^/]+\.js$/;

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

const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]');
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/**
 * The fields' error messages saying `message`, the puzzle's left out: whether React's check
 * of a submit made before it ran finds the puzzle read yet (and empty) is a race.
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
 * e-mail address mistyped, how they heard chosen, the telephone left empty; then Submit. (The
 * puzzle is not on the page before React has read it: pages carry none, decision 031.) Returns
 * the values the fields must keep.
 */
async function editAndSubmit(page: Page, kind: FormKind, { messageFocused = false } = {}) {
  const form = enquiryForm(page, kind);
  await clearMessage(page, form, { focused: messageFocused });
  await field(form, "Full Name").pressSequentially("Early Visitor");
  await field(form, "Email").pressSequentially("not-an-email");
  if (kind === "contact") await field(form, "Subject").pressSequentially("A viewing");
  else await form.getByLabel(howYouHearLabel(kind)).selectOption("Google");
  await form.getByRole("button", { name: submitLabel(kind) }).click();
  return {
    Message: "",
    "Full Name": "Early Visitor",
    Telephone: "",
    Email: "not-an-email",
    [howYouHearLabel(kind)]: kind === "contact" ? "A viewing" : "Google",
  };
}

/** Once React has taken over: every field as the visitor left it, and the checks' verdict on it. */
async function expectAsLeft(page: Page, kind: FormKind, values: Record<string, string>) {
  await expect(hydrated(page)).toHaveCount(1);
  const form = enquiryForm(page, kind);
  for (const [label, value] of Object.entries(values)) {
    await expect(form.getByLabel(label, { exact: true }), label).toHaveValue(value);
  }
  // React reads the puzzle once it runs; the visitor answers it then.
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

    test("the issue's case: the message emptied and Submit pressed as the page finishes loading", async ({
      page,
    }) => {
      // React's script is still on its way (a slow link) when the visitor acts.
      const releaseReact = await holdRequests(page, reactRouterEntry);
      await page.goto(pathOf(kind), { waitUntil: "load" });
      const form = enquiryForm(page, kind);
      await clearMessage(page, form);
      await form.getByRole("button", { name: submitLabel(kind) }).click();
      await expect(hydrated(page)).toHaveCount(0);

      releaseReact();
      await expect(hydrated(page)).toHaveCount(1);
      await expect(field(form, "Message")).toHaveValue("");
      // Every required field: name, telephone, message, and the contact page's Subject.
      const required = ["Full Name", "Telephone", "Message"];
      if (kind === "contact") required.push("Subject");
      for (const label of required) {
        await expect(field(form, label), label).toHaveAccessibleDescription(
          enquiryMessages.required,
        );
      }
      await expect(fieldErrors(form, enquiryMessages.required)).toHaveCount(required.length);
      await expect(puzzleBox(form)).toBeVisible();
    });

    test("edits made before the load event stand once React has taken over", async ({ page }) => {
      // Images hold the load event back: the visitor edits a page still loading.
      const releaseImages = await holdRequests(page, /\/images\//);
      await page.goto(pathOf(kind), { waitUntil: "domcontentloaded" });
      const values = await editAndSubmit(page, kind);
      expect(await page.evaluate(() => document.readyState)).not.toBe("complete");

      releaseImages();
      await expectAsLeft(page, kind, values);
    });

    test("edits made at the load event stand once React has taken over", async ({ page }) => {
      const releaseReact = await holdRequests(page, reactRouterEntry);
      await page.goto(pathOf(kind), { waitUntil: "load" });
      const values = await editAndSubmit(page, kind);
      await expect(hydrated(page)).toHaveCount(0);

      releaseReact();
      await expectAsLeft(page, kind, values);
    });

    test("edits made while React hydrates, right after the load event, stand", async ({ page }) => {
      const releaseReact = await holdRequests(page, reactRouterEntry);
      const entryRequested = page.waitForRequest(reactRouterEntry);
      await page.goto(pathOf(kind), { waitUntil: "load" });
      // The gate asks for React after the load event; it then downloads and hydrates while
      // the visitor edits.
      await entryRequested;
      // Keys straight away, with no wait for the page in between: they reach it as React's
      // script is evaluated and the page hydrated.
      await field(enquiryForm(page, kind), "Message").focus();
      releaseReact();
      const values = await editAndSubmit(page, kind, { messageFocused: true });
      await expectAsLeft(page, kind, values);
    });
  });
}
