/**
 * The enquiries inbox (decision 045), as staff use it: a visitor sends the public contact form;
 * an owner made by `npm run users` opens Enquiries from the back office's menu, finds it with
 * the filters, changes its status, assigns it to themselves, adds a note, exports the filtered
 * set as CSV, and finally finds and deletes it with the data-request tool. axe finds no serious
 * or critical violation on the inbox, the enquiry or the tool, at desktop and phone widths.
 * Each test touches only its own enquiry (its own e-mail address).
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parseCsv } from "../../lib/csv.ts";
import { newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { enquiryForm, fillEnquiry, postToApi, uniqueEmail } from "./enquiry-helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

test.describe.configure({ timeout: 120_000 });

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`an enquiry from the contact form is found, handled, exported and erased in the inbox (${label})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const visitor = await context.newPage();
    const email = uniqueEmail(`inbox-${label}`);
    const fullname = `Inbox Visitor ${label}`;

    // A visitor sends the public contact form.
    await visitor.goto("/contact");
    const form = enquiryForm(visitor, "contact");
    await fillEnquiry(form, "contact", {
      fullname,
      email,
      message: "Hello, is the garden flat still free?",
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("alert")).toContainText("Success!");

    // The owner opens Enquiries from the menu (newest first: other specs may have sent many
    // since, so the filters below are what find this one).
    const owner = await newOwner(page, "inbox");
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", {
        name: "Enquiries",
      })
      .click();
    await expect(page).toHaveURL(/\/admin\/enquiries$/);
    await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
    const rows = page.locator("table.admin-enquiries tbody tr");
    await expect(rows.first()).toBeVisible();
    await keepScreenshot(page, `enquiries-${width}`);
    await expectNoSeriousViolations(page);

    // Filters: a GET form whose values stay in the URL.
    const filters = page.getByRole("search", { name: "Enquiries" });
    await filters.getByLabel("Search name, e-mail or message").fill(email);
    await filters.getByLabel("Status").selectOption("new");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]status=new/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(email);
    await expect(rows).toHaveCount(1);
    await filters.getByLabel("Status").selectOption("closed");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No enquiry matches.")).toBeVisible();
    await filters.getByLabel("Status").selectOption("new");
    await filters.getByRole("button", { name: "Filter" }).click();

    // Open it: every field, the delivery state; change status, assign, note.
    await rows.first().getByRole("link", { name: fullname }).click();
    await expect(page.getByRole("heading", { name: `Enquiry from ${fullname}` })).toBeVisible();
    await expect(page.getByText("Hello, is the garden flat still free?")).toBeVisible();
    // This server has no mail server set up (playwright.config.ts): nothing to wait for.
    await expect(
      page.getByText("Not e-mailed: the site has no mail server set up, so it is kept here only"),
    ).toBeVisible();
    // One save keeps every change made: status, assignee and note.
    await page.getByLabel("Status", { exact: true }).selectOption("in_progress");
    await page.getByLabel("Assigned to").selectOption({ label: owner });
    await page.getByLabel("Add a note").fill("Called back; viewing on Friday.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "The status is changed. The assignment is changed. Your note is added.",
    );
    const note = page.getByRole("list", { name: "Notes" }).getByRole("listitem");
    await expect(note).toContainText("Called back; viewing on Friday.");
    await expect(note).toContainText(owner);
    await expect(page.getByLabel("Add a note")).toHaveValue("");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("in_progress");
    await keepScreenshot(page, `enquiry-${width}`);
    await expectNoSeriousViolations(page);

    // The inbox shows the new status and assignee; the export holds the filtered set.
    await page.goto(`/admin/enquiries?status=in_progress&q=${encodeURIComponent(email)}`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("In progress");
    await expect(rows.first()).toContainText(owner);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export these as CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...records] = parseCsv(
      await readFile((await download.path()) as string, "utf8"),
    ).map((record) => record.fields);
    expect(records).toHaveLength(1);
    const record = Object.fromEntries(header!.map((name, index) => [name, records[0]![index]]));
    expect(record).toMatchObject({ email, fullname, status: "in_progress", assigned_to: owner });

    // The data-request tool finds it, and deletes it after a confirmation.
    await page.goto("/admin/enquiries/data-requests");
    await page.getByRole("textbox", { name: "E-mail address" }).fill(email.toUpperCase());
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText("1 enquiry, with every field")).toBeVisible();
    await keepScreenshot(page, `data-requests-${width}`);
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Delete 1 enquiry…" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(`Delete everything from ${email}?`);
    await keepScreenshot(page, `data-request-confirm-${width}`);
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Delete for good" }).click();
    await expect(page).toHaveURL(/\/admin\/enquiries\/data-requests\?deleted=1$/);
    await expect(page.getByRole("status")).toContainText("1 enquiry was deleted for good");
    await page.goto(`/admin/enquiries?q=${encodeURIComponent(email)}`);
    await expect(page.getByText("No enquiry matches.")).toBeVisible();
    await context.close();
  });
}

test("without JavaScript the inbox filters, and an enquiry's status, assignee and notes change", async ({
  browser,
}) => {
  // Without JavaScript from the set-password link on: every admin form is a plain post.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail("inbox-nojs");
  const sent = await postToApi({
    fullname: "No Script Visitor",
    telephone: "+1 555 0101",
    email,
    property_code: "",
    message: "Sent without a browser",
    how_you_hear: "A question",
    num1: "2",
    num2: "3",
    answer: "5",
    puzzle: "5",
  });
  expect(sent.httpStatus).toBe(200);
  const owner = await newOwner(page, "inbox");
  await page.goto("/admin/enquiries");
  const filters = page.getByRole("search", { name: "Enquiries" });
  await filters.getByLabel("Search name, e-mail or message").fill(email);
  await filters.getByRole("button", { name: "Filter" }).click();
  expect(new URL(page.url()).searchParams.get("q")).toBe(email);
  await page.getByRole("link", { name: "No Script Visitor" }).click();
  await page.getByLabel("Status", { exact: true }).selectOption("closed");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\?done=status$/);
  await expect(page.getByRole("status")).toHaveText("The status is changed.");
  await page.getByLabel("Assigned to").selectOption({ label: owner });
  await page.getByLabel("Add a note").fill("Answered by phone.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\?done=assign,note$/);
  await expect(page.getByRole("list", { name: "Notes" })).toContainText("Answered by phone.");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("closed");
  await context.close();
});
