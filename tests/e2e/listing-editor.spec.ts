/**
 * The listing editor (decision 044) as staff use it, one test after the other (each changes
 * the catalogue): a listing created with the rich text toolbar appears on the public site;
 * the problems of a refused save show beside their fields and in a summary linking to them,
 * values kept; two staff saving one listing merge (different fields) or the second is asked
 * per field whose value to keep (decision 044's addendum); related listings ticked in one
 * search stay chosen through the next; Duplicate makes an unpublished copy; and all of it without JavaScript
 * (a textarea of the HTML, the related search posted). axe (which needs JavaScript) finds no
 * serious or critical violation on the form, in its error and conflict states.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newListing, newOwner, newOwnerAccount } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";

test.describe.configure({ mode: "default", timeout: 120_000 });

const suffix = () => randomBytes(3).toString("hex").toUpperCase();

/** A new owner signed in; `javaScriptEnabled: false` moves their session to a browser without. */
async function signedInPage(browser: Browser, javaScriptEnabled = true) {
  const options = { baseURL, viewport: { width: 1280, height: 900 } };
  const withScript = await browser.newContext(options);
  const email = await newOwner(await withScript.newPage(), "editor");
  const context = javaScriptEnabled
    ? withScript
    : await browser.newContext({
        ...options,
        javaScriptEnabled: false,
        storageState: await withScript.storageState(),
      });
  if (!javaScriptEnabled) await withScript.close();
  const page = javaScriptEnabled ? withScript.pages()[0]! : await context.newPage();
  return { context, page, email };
}

async function fillRequired(page: Page, values: { code?: string; headline: string }) {
  if (values.code !== undefined) await page.getByLabel("Code", { exact: true }).fill(values.code);
  await page.getByLabel("Headline", { exact: true }).fill(values.headline);
  await page.getByLabel("Price").fill("1250");
  await page.getByLabel("Street address").fill("5 Editor Lane");
  await page.getByLabel("City", { exact: true }).fill("Bristol");
  await page.getByLabel("Country").fill("United Kingdom");
}

test("a listing made in the editor, with the toolbar, appears on the public site", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  await page.goto("/admin/listings");
  await page.getByRole("link", { name: "New listing" }).click();
  await expect(page.getByRole("heading", { name: "New listing", level: 1 })).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const code = `ED-${suffix()}`;
  const headline = `Editor-made cottage ${code}`;
  await fillRequired(page, { code, headline });
  await page.getByLabel("Offer").selectOption("For Rent");
  await page.getByRole("checkbox", { name: "Garden" }).check();
  await page.getByRole("checkbox", { name: "Published on the site" }).check();

  const description = page.getByRole("textbox", { name: "Description" });
  await expect(page.getByRole("toolbar", { name: "Description formatting" })).toBeVisible();
  await description.click();
  await page.keyboard.type("Sunny rooms");
  await page.keyboard.press("ControlOrMeta+A");
  const bold = page.getByRole("button", { name: "Bold", exact: true });
  await bold.click();
  await expect(bold).toHaveAttribute("aria-pressed", "true");
  // The toolbar is one tab stop; arrow keys move along it.
  await bold.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("button", { name: "Italic" })).toBeFocused();
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${code}/edit\\?done=created$`));
  await expect(page.getByRole("status")).toHaveText(`${code} is created.`);
  await expectNoSeriousViolations(page);

  const live = page.getByRole("link", { name: /View on the site/ });
  const href = await live.getAttribute("href");
  expect(href).toMatch(/^\/property\//);
  const visitor = await context.newPage();
  await visitor.goto(href as string);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(headline);
  await expect(visitor.locator("b, strong").filter({ hasText: "Sunny rooms" })).toHaveCount(1);

  // An edit shows on the public page at once.
  await page.getByLabel("Headline", { exact: true }).fill(`${headline}, edited`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `${code} is saved: the public site shows the changes now.`,
  );
  await visitor.goto(href as string);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`${headline}, edited`);

  // What was typed went with the saves that kept it: no draft is offered for either form.
  for (const path of [`/admin/listings/${code}/edit`, "/admin/listings/new"]) {
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Changes not saved yet" }), path).toHaveCount(0);
  }
  await context.close();
});

test("a refused save shows each problem beside its field and in a summary, values kept", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  await page.goto("/admin/listings/new");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await fillRequired(page, { code: `ED-${suffix()}`, headline: "Kept headline" });
  await page.getByLabel("Headline", { exact: true }).fill("");
  await page.getByLabel("Price").fill("lots");
  await page.getByRole("button", { name: "Create listing" }).click();

  const summary = page.getByRole("alert");
  await expect(summary).toContainText("There are 2 problems: nothing is saved yet");
  await expect(summary).toBeFocused();
  const price = page.getByLabel("Price");
  await expect(price).toHaveValue("lots");
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveAccessibleDescription(/Price must be a number/);
  await expect(page.getByLabel("Street address")).toHaveValue("5 Editor Lane");
  await summary.getByRole("link", { name: "Price must be a number" }).click();
  await expect(price).toBeFocused();
  await expectNoSeriousViolations(page);
  await context.close();
});

test("two staff saving one listing: different fields merge, naming the colleague", async ({
  browser,
}) => {
  const listing = await newListing();
  const agent = await signedInPage(browser);
  const owner = await signedInPage(browser);
  const editPath = `/admin/listings/${listing.code}/edit`;
  await agent.page.goto(editPath);
  await owner.page.goto(editPath);
  await expect(owner.page.locator("html[data-hydrated]")).toHaveCount(1);

  await agent.page.getByLabel("Price").fill("1250000");
  await agent.page.getByRole("button", { name: "Save changes" }).click();
  await expect(agent.page.getByRole("status")).toContainText("is saved");

  await owner.page.getByLabel("Headline", { exact: true }).fill("The owner's headline");
  await owner.page.getByLabel("Bedrooms").fill("5");
  await owner.page.getByRole("button", { name: "Save changes" }).click();
  const notice = owner.page.getByRole("status");
  await expect(notice).toContainText("is saved");
  await expect(notice).toContainText(`${agent.email} at ${new Date().getUTCFullYear()}-`);
  await expect(notice).toContainText("their changes to Price are kept with yours.");
  // The draft this browser kept of the owner's typing went with the save.
  await expect(owner.page.getByRole("heading", { name: "Changes not saved yet" })).toHaveCount(0);
  // The agent's price is not undone; the owner's fields are saved.
  await expect(owner.page.getByLabel("Price")).toHaveValue("1250000");
  await expect(owner.page.getByLabel("Headline", { exact: true })).toHaveValue(
    "The owner's headline",
  );
  await expect(owner.page.getByLabel("Bedrooms")).toHaveValue("5");
  await agent.page.reload();
  await expect(agent.page.getByLabel("Headline", { exact: true })).toHaveValue(
    "The owner's headline",
  );
  await expect(agent.page.getByLabel("Price")).toHaveValue("1250000");
  await agent.context.close();
  await owner.context.close();
});

test("two staff changing one field: the second is asked, per field, whose value to keep", async ({
  browser,
}) => {
  const listing = await newListing();
  const agent = await signedInPage(browser);
  const owner = await signedInPage(browser);
  const editPath = `/admin/listings/${listing.code}/edit`;
  await agent.page.goto(editPath);
  await owner.page.goto(editPath);
  await expect(owner.page.locator("html[data-hydrated]")).toHaveCount(1);

  await agent.page.getByLabel("Price").fill("1250000");
  await agent.page.getByLabel("City", { exact: true }).fill("Agent City");
  await agent.page.getByRole("button", { name: "Save changes" }).click();
  await expect(agent.page.getByRole("status")).toContainText("is saved");

  await owner.page.getByLabel("Price").fill("990000");
  await owner.page.getByLabel("Headline", { exact: true }).fill("The owner's headline");
  await owner.page.getByRole("button", { name: "Save changes" }).click();
  const refusal = owner.page.getByRole("alert");
  await expect(refusal).toContainText("Not saved yet: you and a colleague both changed Price");
  await expect(refusal).toContainText(`${agent.email} at `);
  await expect(refusal).toContainText("Their changes to City are now in the form below.");
  const choice = refusal.getByRole("group", { name: "Price" });
  await expect(choice.getByRole("radio", { name: "Keep mine 990000" })).toBeVisible();
  await expect(choice.getByRole("radio", { name: "Keep theirs 1250000" })).toBeVisible();
  await expect(owner.page.getByLabel("Headline", { exact: true })).toHaveValue(
    "The owner's headline",
  );
  await expect(owner.page.getByLabel("City", { exact: true })).toHaveValue("Agent City");
  await expect(
    refusal.getByRole("link", { name: "Open the current version in a new tab" }),
  ).toHaveAttribute("href", editPath);
  await expectNoSeriousViolations(owner.page);

  await choice.getByRole("radio", { name: /^Keep theirs/ }).check();
  await refusal.getByRole("button", { name: "Save with these choices" }).click();
  await expect(owner.page.getByRole("status")).toContainText("is saved");
  await expect(owner.page.getByRole("heading", { name: "Changes not saved yet" })).toHaveCount(0);
  await expect(owner.page.getByLabel("Price")).toHaveValue("1250000");
  await expect(owner.page.getByLabel("City", { exact: true })).toHaveValue("Agent City");
  await expect(owner.page.getByLabel("Headline", { exact: true })).toHaveValue(
    "The owner's headline",
  );
  await agent.context.close();
  await owner.context.close();
});

test("related listings ticked in one search stay chosen through the next", async ({ browser }) => {
  const listing = await newListing();
  const { context, page } = await signedInPage(browser);
  await page.goto(`/admin/listings/${listing.code}/edit`);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const find = page.getByLabel("Find a listing by code or headline");
  await find.fill("Camden");
  await page.getByRole("checkbox", { name: /^HP-1006 / }).check();
  await find.fill("Islington");
  await page.getByRole("checkbox", { name: /^HP-1018 / }).check();
  // Both are shown among the chosen, ticked, and one can be unticked there.
  const chosen = page.getByRole("list", { name: "Chosen" });
  await expect(chosen.getByRole("checkbox", { name: /^HP-1006 / })).toBeChecked();
  await expect(chosen.getByRole("checkbox", { name: /^HP-1018 / })).toBeChecked();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("is saved");
  await expect(chosen.getByRole("checkbox", { name: /^HP-1006 / })).toBeChecked();
  await expect(chosen.getByRole("checkbox", { name: /^HP-1018 / })).toBeChecked();
  await chosen.getByRole("checkbox", { name: /^HP-1006 / }).uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("is saved");
  await expect(chosen.getByRole("checkbox")).toHaveCount(1);
  await expect(chosen.getByRole("checkbox", { name: /^HP-1018 / })).toBeChecked();
  await context.close();
});

test("typed work outlives the session: signing in again leads back to the listing, which offers it", async ({
  browser,
}) => {
  const listing = await newListing();
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const owner = await newOwnerAccount(page, "draft");
  const editPath = `/admin/listings/${listing.code}/edit`;
  await page.goto(editPath);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Changes not saved yet" })).toHaveCount(0);

  const headline = page.getByLabel("Headline", { exact: true });
  await headline.fill("Typed while the session ended");
  await page.getByRole("checkbox", { name: "Garden" }).setChecked(true);
  const description = page.getByRole("textbox", { name: "Description" });
  await description.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("A paragraph typed before signing out.");
  // The session ends elsewhere (another tab's "Sign out everywhere", cookies cleared).
  await context.clearCookies();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(`/admin/sign-in?next=${encodeURIComponent(editPath)}`);
  await page.getByLabel("E-mail address").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(editPath);

  // The editor shows the saved listing, and offers what was typed.
  const offer = page.getByRole("region", { name: "Changes not saved yet" });
  await expect(offer).toContainText("This browser kept what you typed here on");
  await expect(headline).toHaveValue(listing.headline);
  await expectNoSeriousViolations(page);
  await offer.getByRole("button", { name: "Restore my changes" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your changes are back in the form below. Check them, then save.",
  );
  await expect(headline).toHaveValue("Typed while the session ended");
  await expect(page.getByRole("checkbox", { name: "Garden" })).toBeChecked();
  await expect(description).toContainText("A paragraph typed before signing out.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `${listing.code} is saved: the public site shows the changes now.`,
  );
  await expect(headline).toHaveValue("Typed while the session ended");
  const visitor = await context.newPage();
  await visitor.goto(`/property/${listing.slug}`);
  await expect(visitor.getByText("A paragraph typed before signing out.")).toBeVisible();
  await visitor.close();

  // Saved: nothing is offered any more.
  await page.goto(editPath);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(offer).toHaveCount(0);

  // Left without saving, the typing is offered again, and "Discard them" drops it for good.
  await headline.fill("Typed, then the page was left");
  await page.getByRole("link", { name: "Listings", exact: true }).first().click();
  await expect(page).toHaveURL(/\/admin\/listings$/);
  await page.goto(editPath);
  await expect(offer).toContainText("This browser kept what you typed here on");
  await offer.getByRole("button", { name: "Discard them" }).click();
  await expect(offer).toHaveCount(0);
  await expect(headline).toHaveValue("Typed while the session ended");
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(offer).toHaveCount(0);
  await context.close();
});

test("a restored draft typed over a version saved since merges with it", async ({ browser }) => {
  const listing = await newListing();
  const { context, page } = await signedInPage(browser);
  const editPath = `/admin/listings/${listing.code}/edit`;
  await page.goto(editPath);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("City", { exact: true }).fill("Draft City");
  // The page is closed before saving; meanwhile a colleague, in their own browser, saves it.
  await page.close();
  const colleague = await signedInPage(browser);
  await colleague.page.goto(editPath);
  await expect(colleague.page.locator("html[data-hydrated]")).toHaveCount(1);
  await colleague.page.getByLabel("Headline", { exact: true }).fill("The colleague's headline");
  await colleague.page.getByRole("button", { name: "Save changes" }).click();
  await expect(colleague.page.getByRole("status")).toContainText("is saved");
  await colleague.context.close();

  const again = await context.newPage();
  await again.goto(editPath);
  const offered = again.getByRole("region", { name: "Changes not saved yet" });
  await expect(offered).toContainText("The listing has been saved since then");
  await offered.getByRole("button", { name: "Restore my changes" }).click();
  await expect(again.getByLabel("City", { exact: true })).toHaveValue("Draft City");
  await again.getByRole("button", { name: "Save changes" }).click();
  // The draft posts the revision and base it was typed over: the colleague's headline stays.
  await expect(again.getByRole("status")).toContainText(
    "their changes to Headline are kept with yours.",
  );
  await expect(again.getByLabel("City", { exact: true })).toHaveValue("Draft City");
  await expect(again.getByLabel("Headline", { exact: true })).toHaveValue(
    "The colleague's headline",
  );
  await context.close();
});

test("Duplicate in the table makes an unpublished copy with a new code", async ({ browser }) => {
  const listing = await newListing();
  const { context, page } = await signedInPage(browser);
  await page.goto(`/admin/listings?q=${listing.code.toLowerCase()}`);
  await page.getByRole("button", { name: `Duplicate ${listing.code}` }).click();
  // The next free code of its series (decision 069).
  await expect(page).toHaveURL(/\/admin\/listings\/GEN-\d{6}\/edit/);
  const copy = /\/admin\/listings\/([^/]+)\/edit/.exec(page.url())?.[1];
  expect(copy).not.toBe(listing.code);
  await expect(page.getByRole("status")).toHaveText(
    `${copy} is a new unpublished copy. Change what differs, then save.`,
  );
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(listing.headline);
  await expect(page.getByRole("checkbox", { name: "Published on the site" })).not.toBeChecked();
  await expect(page.getByRole("link", { name: /Public page \(not live\)/ })).toBeVisible();
  await context.close();
});

test("without JavaScript: a textarea of the HTML, the related search, problems and a save", async ({
  browser,
}) => {
  const related = await newListing();
  const { context, page } = await signedInPage(browser, false);
  await page.goto("/admin/listings/new");
  const code = `NJ-${suffix()}`;
  const headline = `No-script flat ${code}`;
  await fillRequired(page, { code, headline });
  await page.getByLabel("Price").fill("a lot");
  const description = page.getByLabel("Description", { exact: true });
  expect(await description.evaluate((element) => element.tagName)).toBe("TEXTAREA");
  await description.fill('<p>Plain <em>HTML</em><script>alert("x")</script></p>');
  await page.getByRole("checkbox", { name: "Published on the site" }).check();

  await page.getByLabel("Find a listing by code or headline").fill(related.code);
  await page.getByRole("button", { name: "Find" }).click();
  await page.getByRole("checkbox", { name: new RegExp(related.code) }).check();
  // The search kept what was typed, and saved nothing.
  await expect(page.getByLabel("Headline", { exact: true })).toHaveValue(headline);

  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByRole("alert")).toContainText("Price must be a number");
  await expect(page.getByLabel("Price")).toHaveValue("a lot");
  await expect(page.getByRole("checkbox", { name: new RegExp(related.code) })).toBeChecked();
  await page.getByLabel("Price").fill("800");
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByRole("status")).toHaveText(`${code} is created.`);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(
    "<p>Plain <em>HTML</em></p>",
  );

  const href = await page.getByRole("link", { name: /View on the site/ }).getAttribute("href");
  const visitor = await context.newPage();
  await visitor.goto(href as string);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(headline);
  await context.close();
});

test("paragraphs typed in the description stay paragraphs after saving, in the editor and on the site", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser);
  await page.goto("/admin/listings/new");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const code = `PA-${suffix()}`;
  await fillRequired(page, { code, headline: `Two-paragraph house ${code}` });
  await page.getByRole("checkbox", { name: "Published on the site" }).check();
  const description = page.getByRole("textbox", { name: "Description" });
  await description.click();
  await page.keyboard.type("A big garden.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Second paragraph");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("with a line break.");
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByRole("status")).toHaveText(`${code} is created.`);

  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  const paragraphs = description.locator("p");
  await expect(paragraphs).toHaveCount(2);
  await expect(paragraphs.nth(0)).toHaveText("A big garden.");
  await expect(paragraphs.nth(1)).toHaveText("Second paragraphwith a line break.");
  await expect(paragraphs.nth(1).locator("br")).toHaveCount(1);

  const href = await page.getByRole("link", { name: /View on the site/ }).getAttribute("href");
  const visitor = await context.newPage();
  await visitor.goto(href as string);
  const shown = visitor.locator(".property-description p");
  await expect(shown).toHaveCount(2);
  await expect(shown.nth(0)).toHaveText("A big garden.");
  await expect(shown.nth(1)).toContainText("Second paragraph");
  await context.close();
});

test("without JavaScript, plain text typed in the description keeps its paragraphs", async ({
  browser,
}) => {
  const { context, page } = await signedInPage(browser, false);
  await page.goto("/admin/listings/new");
  const code = `PN-${suffix()}`;
  await fillRequired(page, { code, headline: `Plain-text house ${code}` });
  await page.getByRole("checkbox", { name: "Published on the site" }).check();
  await page
    .getByLabel("Description", { exact: true })
    .fill("A big garden.\n\nSecond paragraph\nwith a line break.");
  await page.getByRole("button", { name: "Create listing" }).click();
  await expect(page.getByRole("status")).toHaveText(`${code} is created.`);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(
    "<p>A big garden.</p><p>Second paragraph<br>with a line break.</p>",
  );
  const href = await page.getByRole("link", { name: /View on the site/ }).getAttribute("href");
  const visitor = await context.newPage();
  await visitor.goto(href as string);
  await expect(visitor.locator(".property-description p")).toHaveCount(2);
  await context.close();
});
