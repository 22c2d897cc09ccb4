/** The content pages (SPEC §2): services, contact, about, FAQ, investment and the 404 page. */
import type { CompanyProfile } from "../../lib/api-contract.ts";
import { apiData } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";
import { expect, test } from "./shared-page.ts";

test("/services shows six numbered Professional Services cards", async ({ sharedPage: page }) => {
  await gotoHydrated(page, "/services");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional Services");
  const titles = [
    "Security",
    "Air conditioning",
    "Apartments Clean",
    "Commercial",
    "Gym",
    "Trusted Agents",
  ];
  const cards = page.locator(".service-card");
  await expect(cards).toHaveCount(6);
  for (const [index, title] of titles.entries()) {
    await expect(cards.nth(index).getByRole("heading", { level: 2 })).toHaveText(title);
    await expect(cards.nth(index)).toContainText(`0${index + 1}`);
  }
});

test("/contact shows the profile, the contact form and the opening hours", async ({
  sharedPage: page,
}) => {
  const company = await apiData<CompanyProfile>("/company/profile");
  await gotoHydrated(page, "/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  const main = page.getByRole("main");
  await expect(main).toContainText(company.address);
  await expect(main.getByRole("link", { name: company.telephone })).toHaveAttribute(
    "href",
    /^tel:\+?\d+$/,
  );
  await expect(main.getByRole("link", { name: company.email_address })).toHaveAttribute(
    "href",
    `mailto:${company.email_address}`,
  );
  const web = main.getByRole("link", { name: company.website });
  await expect(web).toHaveAttribute("href", /^https?:\/\//);
  const hours = page.getByRole("region", { name: "Opening Hours" });
  await expect(hours.getByRole("listitem")).toHaveText([
    "Monday to Saturday 10 AM - 8 PM",
    "Sunday Closed",
  ]);
  const form = page.getByRole("form", { name: "Contact form" });
  for (const label of ["Full Name", "Telephone", "Email", "Subject", "Message"]) {
    await expect(form.getByLabel(label, { exact: false }).first()).toBeVisible();
  }
  await expect(form.getByPlaceholder(/^\d \+ \d =\?$/)).toBeVisible();
});

test("/about shows the company text, properties-11.jpg, a shared block and four cards", async ({
  sharedPage: page,
}) => {
  await gotoHydrated(page, "/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Us");
  const main = page.getByRole("main");
  await expect(main).toContainText("personal");
  await expect(main).toContainText("investment portfolio");
  await expect(main.locator('img[src$="/images/property/properties-11.jpg"]')).toBeVisible();
  await expect(page.getByRole("region", { name: "Our figures" })).toBeVisible();
  const cards = page.locator(".about-services__card");
  await expect(cards.getByRole("heading")).toHaveText([
    "Apartments",
    "Houses",
    "Garages",
    "Commercial",
  ]);
});

test("/faq has three keyboard tabs of accordions with do-nothing helpful links", async ({
  sharedPage: page,
}) => {
  await gotoHydrated(page, "/faq");
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["General Information", "Extra Feature", "Properties Overview"]);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toHaveCount(1);
  await expect(panel).toHaveAccessibleName("General Information");

  const questions = panel.locator(".accordion__button");
  expect(await questions.count()).toBeGreaterThanOrEqual(4);
  await expect(questions.first()).toHaveAttribute("aria-expanded", "true");
  const second = questions.nth(1);
  await expect(second).toHaveAttribute("aria-expanded", "false");
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  const answer = page.locator(`#${await second.getAttribute("aria-controls")}`);
  await expect(answer).toBeVisible();
  await expect(answer).toContainText("Was this answer helpful?");
  await answer.getByRole("link", { name: "Yes" }).click();
  await answer.getByRole("link", { name: "No" }).click();
  await expect(page).toHaveURL("/faq");
  await second.click();
  await expect(answer).toBeHidden();

  await tabs.first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.nth(1)).toBeFocused();
  await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Extra Feature");
  await page.keyboard.press("End");
  await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Properties Overview");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tabpanel")).toHaveAccessibleName("General Information");
});

test("/investment shows the four plans of SPEC §9 with sign-up links", async ({
  sharedPage: page,
}) => {
  await gotoHydrated(page, "/investment");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Real Estate Investment Plan");
  const plans = [
    ["Bungallow", "100,000 to 20,000,000", "120 days", "5%", "3.5% per day"],
    ["Villa", "2,500 to 10,000,000", "90 days", "5%", "2.5%"],
    ["Mansion", "2,999 to 10,000,000", "60 days", "15%", "1.5%"],
    ["Duplex", "50 to 1,999", "30 days", "5%", "0.5%"],
  ];
  const cards = page.locator(".plan-card");
  await expect(cards).toHaveCount(4);
  for (const [index, [name, ...figures]] of plans.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(name!);
    await expect(card).toContainText("Capital range ($)");
    for (const figure of figures) await expect(card).toContainText(figure);
    await expect(card).toContainText("$2 registration bonus");
    await expect(card).toContainText("1 times");
    await expect(card.getByRole("link", { name: "Get started" })).toHaveAttribute(
      "href",
      /^https?:\/\/.+\/register$/,
    );
  }
  await expect(page.getByRole("main")).toContainText("Investing involves risk");
});

test("an unknown path shows the 404 page with HTTP status 404", async ({ sharedPage: page }) => {
  const response = await gotoHydrated(page, "/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ooops, This Page Could Not Be Found!",
  );
  const main = page.getByRole("main");
  await expect(main).toContainText("might have been removed, had its name changed");
  await expect(main).toContainText("Please try searching again");
  const search = main.getByRole("searchbox", { name: "Search" });
  await search.fill("villa");
  await main.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/no-such-page/at-all");
  // The frame is still there.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
});
