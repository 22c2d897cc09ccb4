/**
 * Issue 13, item 8: without JavaScript every control that looks clickable works. The mobile menu
 * opens (a popover), an enquiry alert's Close button closes it (an invoker command on its
 * dialog), the home search panel searches every type and location when sent unchanged, the
 * detail page's thumbnails open their images, and the home page, the detail page and /faq show
 * no button that only a script could answer: their tabs and accordions show all they hold. The
 * links the SPEC says do nothing do nothing here too.
 */
import type { Page } from "@playwright/test";
import { faqTopics } from "../../app/routes/faq-content.ts";
import type { Property } from "../../lib/api-contract.ts";
import { parseJsonList } from "../../lib/json-list.ts";
import { apiData, listProperties } from "./api.ts";
import { enquiryForm, puzzleBox, submitLabel } from "./enquiry-helpers.ts";
import { expect, test } from "./shared-page.ts";

test.use({ javaScriptEnabled: false });

let all: Property[];

test.beforeAll(async () => {
  all = await listProperties();
  expect(all.length).toBeGreaterThan(0);
});

/** The buttons on the page that only a script answers (not the popover's menu button). */
const scriptOnlyButtons = (page: Page) =>
  page
    .locator('button[type="button"]:not([popovertarget]), [role="tab"]')
    .filter({ visible: true });

for (const path of ["/", "/property/{slug}"]) {
  test(`${path}: the mobile menu opens and leads on`, async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path.replace("{slug}", encodeURIComponent(all[0]!.slug)));
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL("/contact");
  });
}

for (const kind of ["contact", "property"] as const) {
  test(`the ${kind} form's alert closes with its Close button`, async ({ sharedPage: page }) => {
    await page.goto(kind === "contact" ? "/contact" : `/property/${all[0]!.slug}`);
    const form = enquiryForm(page, kind);
    await form.getByLabel("Email", { exact: true }).fill("not-an-email");
    await form.getByRole("button", { name: submitLabel(kind) }).click();
    // The first post brings the puzzle (decision 031); the second, refused, the alert.
    await expect(puzzleBox(enquiryForm(page, kind))).toBeVisible();
    await enquiryForm(page, kind)
      .getByRole("button", { name: submitLabel(kind) })
      .click();
    const alert = enquiryForm(page, kind).getByRole("alert");
    await expect(alert.getByRole("heading", { name: "Errors!" })).toBeVisible();
    const url = page.url();

    await alert.getByRole("button", { name: "Close" }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(url);
    await expect(enquiryForm(page, kind)).toBeVisible();
  });
}

test("the home search panel sent unchanged searches every type and location", async ({
  sharedPage: page,
}) => {
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Find your next property" });
  await expect(panel.getByRole("combobox", { name: "Property Type" })).toHaveValue("");
  await expect(panel.getByRole("combobox", { name: "Location" })).toHaveValue("");
  await panel.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/search\?/);
  const params = Object.fromEntries(new URL(page.url()).searchParams);
  expect(params).toMatchObject({
    "property-status": "For Rent",
    "property-types": "",
    location: "",
  });
  const forRent = all.filter((property) => property.offer_type === "For Rent").length;
  expect(forRent).toBeGreaterThan(0);
  await expect(page.getByText(`${forRent} properties found`, { exact: true })).toBeVisible();
});

test("the home search panel chooses For Sale with its own select, the tabs hidden", async ({
  sharedPage: page,
}) => {
  await page.goto("/");
  const panel = page.getByRole("region", { name: "Find your next property" });
  const tabs = panel.locator('[role="tab"]');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.first()).toBeHidden();
  await expect(tabs.last()).toBeHidden();
  await panel.getByRole("combobox", { name: "Property Status" }).selectOption("For Sale");
  await panel.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/property-status=For\+Sale/);
  const forSale = all.filter((property) => property.offer_type === "For Sale").length;
  await expect(page.getByText(`${forSale} properties found`, { exact: true })).toBeVisible();
});

for (const width of [1280, 390]) {
  test(`the home page at ${width} px shows no button that needs a script`, async ({
    sharedPage: page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    // Rendered at all: the banner, the search panel and the featured carousel are on the page.
    await expect(page.getByRole("region", { name: "Find your next property" })).toBeVisible();
    await expect(page.locator(".banner__controls button")).not.toHaveCount(0);
    await expect(page.locator(".featured-carousel__controls button")).not.toHaveCount(0);
    await expect(scriptOnlyButtons(page)).toHaveCount(0);
  });
}

/** The property's images, cover first, as the thumbnail strip shows them. */
const imagesOf = (property: Property) => [
  ...new Set([
    property.cover_image,
    ...parseJsonList(property.image_list).map((item) => (item as { imageUrl: string }).imageUrl),
  ]),
];

test("the detail page shows every tab's content under its own heading, the tabs hidden", async ({
  sharedPage: page,
}) => {
  const property = all[0]!;
  await page.goto(`/property/${property.slug}`);
  const labels = [
    "Description",
    "Floor Plans",
    "Details",
    "Video",
    "Location",
    "Similar Properties",
  ];
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("tabpanel")).toHaveCount(labels.length);
  for (const label of labels) {
    await expect(page.getByRole("heading", { level: 3, name: label, exact: true })).toBeVisible();
  }
  // The Details tab's reference number, once behind a tab a visitor could not open.
  await expect(page.getByText(property.reference_no, { exact: true })).toBeVisible();
  // The Floor Plans panel: its plans' labels, or that there are none.
  const plans = (await apiData<Property>(`/property/show/one/${property.slug}`)).floor_plans ?? [];
  if (plans.length > 0) {
    await expect(page.locator(".floor-plans__label")).toHaveText(plans.map((plan) => plan.label));
  } else {
    await expect(page.getByText("No floor plans available for this property.")).toBeVisible();
  }
  // The Location panel: the Google map is a link; no frame loads unasked (decision 070).
  expect(property.google_map).toBeTruthy();
  await expect(page.getByRole("link", { name: "Open in Google Maps" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(page.locator(".property-map-frame")).toBeHidden();
});

test("the detail page's thumbnails open their full-size images", async ({ sharedPage: page }) => {
  const property = all.find((candidate) => imagesOf(candidate).length > 1);
  expect(property, "the demo data has a property with several images").toBeTruthy();
  const images = imagesOf(property!);
  await page.goto(`/property/${property!.slug}`);
  await expect(page.getByRole("button", { name: /^Show image/ })).toHaveCount(0);
  const links = page.getByRole("link", { name: /^Open image \d+ of \d+$/ });
  await expect(links).toHaveCount(images.length);

  const second = page.getByRole("link", { name: `Open image 2 of ${images.length}` });
  const response = page.waitForResponse((answer) => answer.request().isNavigationRequest());
  await second.click();
  expect((await response).ok()).toBe(true);
  await expect(page).toHaveURL(`/images/property/${encodeURIComponent(images[1]!)}`);
});

test("/faq shows every topic under its own heading, every question with its answer", async ({
  sharedPage: page,
}) => {
  await page.goto("/faq");
  await expect(page.getByRole("tab")).toHaveCount(0);
  await expect(page.getByRole("tabpanel")).toHaveCount(faqTopics.length);
  for (const topic of faqTopics) {
    await expect(page.getByRole("heading", { name: topic.title, exact: true })).toBeVisible();
    for (const { question, answer } of topic.questions) {
      await expect(page.getByRole("heading", { name: question, exact: true })).toBeVisible();
      await expect(page.getByText(answer, { exact: true })).toBeVisible();
    }
  }
});

test("the links the SPEC says do nothing leave the page where it is", async ({
  sharedPage: page,
}) => {
  await page.goto("/search");
  const category = page.getByRole("region", { name: "Category" }).getByRole("link").first();
  await category.click();
  await expect(page).toHaveURL("/search");

  await page.goto("/faq");
  await page.getByRole("link", { name: "Yes" }).first().click();
  await page.getByRole("link", { name: "No" }).first().click();
  await expect(page).toHaveURL("/faq");
});

for (const path of ["/property/{slug}", "/faq"]) {
  for (const width of [1280, 390]) {
    test(`${path} at ${width} px shows no button that needs a script`, async ({
      sharedPage: page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path.replace("{slug}", encodeURIComponent(all[0]!.slug)));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(scriptOnlyButtons(page)).toHaveCount(0);
    });
  }
}
