/** The common frame (SPEC §1, §2): title and metadata, top bar, header navigation, footer. */
import type { Page } from "@playwright/test";
import type { CompanyProfile } from "../../lib/api-contract.ts";
import { apiData, listProperties, siteUrl } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";
import { expect, test } from "./shared-page.ts";

const navigation = [
  ["Home", "/"],
  ["About Us", "/about"],
  ["Properties", "/property"],
  ["Services", "/services"],
  ["Contact", "/contact"],
  ["Investment", "/investment"],
] as const;

function profile(): Promise<CompanyProfile> {
  return apiData<CompanyProfile>("/company/profile");
}

function mainNav(page: Page) {
  return page.getByRole("navigation", { name: "Main" });
}

/** The open menu hangs from the header's bottom edge, as wide as the page. */
async function expectUnderTheHeader(page: Page) {
  const header = await page.getByRole("banner").boundingBox();
  const menu = await mainNav(page).boundingBox();
  expect(menu?.y).toBeCloseTo((header?.y ?? 0) + (header?.height ?? 0), 0);
  expect(menu?.x).toBe(0);
  expect(menu?.width).toBe(page.viewportSize()?.width);
}

test("the title, description and social metadata come from the company profile", async ({
  sharedPage: page,
}) => {
  const company = await profile();
  await gotoHydrated(page, "/");
  await expect(page).toHaveTitle(company.business_name);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`);
  await expect(meta('name="description"')).toHaveAttribute("content", company.page_description);
  await expect(meta('property="og:title"')).toHaveAttribute("content", company.business_name);
  await expect(meta('property="og:description"')).toHaveAttribute(
    "content",
    company.page_description,
  );
  await expect(meta('property="og:type"')).toHaveAttribute("content", "website");
  await expect(meta('property="og:image"')).toHaveAttribute(
    "content",
    `${siteUrl}/images/${encodeURIComponent(company.image_url || "logo.png")}`,
  );
  await expect(meta('name="twitter:card"')).toHaveAttribute("content", "summary_large_image");
  await expect(meta('name="twitter:title"')).toHaveAttribute("content", company.business_name);
  await expect(meta('name="twitter:description"')).toHaveAttribute(
    "content",
    company.page_description,
  );
  // Every other page leads with its own title and keeps the business name.
  await gotoHydrated(page, "/services");
  await expect(page).toHaveTitle(`Professional Services | ${company.business_name}`);
});

test("the top bar shows the support phone and e-mail and links to the investors site", async ({
  sharedPage: page,
}) => {
  const company = await profile();
  await gotoHydrated(page, "/about");
  const phone = page.getByRole("link", { name: company.telephone }).first();
  await expect(phone).toHaveAttribute("href", /^tel:\+?\d+$/);
  const email = page.getByRole("link", { name: company.email_address }).first();
  await expect(email).toHaveAttribute("href", `mailto:${company.email_address}`);
  await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveAttribute(
    "href",
    /^https?:\/\/[^/]+.*\/login$/,
  );
  await expect(page.getByRole("link", { name: "Register", exact: true })).toHaveAttribute(
    "href",
    /^https?:\/\/[^/]+.*\/register$/,
  );
});

test("the header has the logo and the navigation of SPEC §2 in order", async ({
  sharedPage: page,
}) => {
  const company = await profile();
  await gotoHydrated(page, "/services");
  const logo = page.getByRole("banner").getByRole("img", { name: company.business_name });
  await expect(logo).toHaveAttribute(
    "src",
    `/images/${encodeURIComponent(company.image_url || "logo.png")}`,
  );
  await expect(page.getByRole("banner").getByRole("link").first()).toHaveAttribute("href", "/");
  const links = mainNav(page).getByRole("link");
  await expect(links).toHaveText(navigation.map(([label]) => label));
  for (const [index, [, href]] of navigation.entries()) {
    await expect(links.nth(index)).toHaveAttribute("href", href);
  }
});

test("the current path is highlighted with aria-current", async ({ sharedPage: page }) => {
  const [first] = await listProperties();
  const cases: [string, string | null][] = [
    ["/", "Home"],
    ["/about", "About Us"],
    ["/property", "Properties"],
    [`/property/${first!.slug}`, "Properties"],
    ["/services", "Services"],
    ["/contact", "Contact"],
    ["/investment", "Investment"],
    ["/faq", null],
  ];
  for (const [path, current] of cases) {
    await gotoHydrated(page, path);
    const marked = mainNav(page).locator('[aria-current="page"]');
    if (current === null) {
      await expect(marked).toHaveCount(0);
    } else {
      await expect(marked).toHaveCount(1);
      await expect(marked).toHaveText(current);
    }
  }
});

test("the footer shows the profile, links, subscribe box and the 2021 copyright", async ({
  sharedPage: page,
}) => {
  const company = await profile();
  await gotoHydrated(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(company.address);
  await expect(footer.getByRole("link", { name: company.telephone })).toHaveAttribute(
    "href",
    /^tel:/,
  );
  await expect(footer.getByRole("link", { name: company.email_address })).toHaveAttribute(
    "href",
    `mailto:${company.email_address}`,
  );
  await expect(footer.getByRole("link", { name: "Contact Us Today" })).toHaveAttribute(
    "href",
    "/contact",
  );
  for (const type of ["Apartments", "Houses", "Commercial", "Garages"]) {
    await expect(footer.getByRole("link", { name: type, exact: true })).toBeVisible();
  }
  const quickLinks = footer.getByRole("navigation", { name: "Quick Links" }).getByRole("link");
  await expect(quickLinks).toHaveText(["About Us", "Services", "Properties", "FAQ", "Gallery"]);
  const hrefs = await quickLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs).toEqual(["/about", "/services", "/property", "/faq", "/gallery"]);
  for (const network of ["Facebook", "Twitter", "Instagram", "LinkedIn"]) {
    await expect(footer.getByRole("link", { name: network })).toBeVisible();
  }
  await expect(footer).toContainText(`© 2021 ${company.business_name}. All rights reserved.`);
});

test("the subscribe box requires an e-mail, then posts it to /newsletter (decision 078)", async ({
  sharedPage: page,
}) => {
  await gotoHydrated(page, "/about");
  const footer = page.getByRole("contentinfo");
  const email = footer.getByRole("textbox", { name: "Your e-mail address" });
  await expect(email).toHaveAttribute("required", "");
  await expect(email).toHaveAttribute("type", "email");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await expect(page).toHaveURL("/about");
  await email.fill("visitor@example.com");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL("/newsletter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
});

test.describe("on a narrow screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a menu button toggles the navigation, closing on Escape and on navigation", async ({
    sharedPage: page,
  }) => {
    await gotoHydrated(page, "/");
    const button = page.getByRole("button", { name: "Menu" });
    const nav = mainNav(page);
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Services" })).toBeVisible();
    await expectUnderTheHeader(page);
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
    await button.click();
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(nav).toBeHidden();
  });
});

test("a menu left open closes when the window widens past the desktop width", async ({
  sharedPage: page,
}) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await gotoHydrated(page, "/");
  const button = page.getByRole("button", { name: "Menu" });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await page.setViewportSize({ width: 1280, height: 800 });
  // The button hides at this width (no longer in the accessibility tree): found by its class.
  await expect(page.locator(".site-header__menu-button")).toHaveAttribute("aria-expanded", "false");
  // Back in the header row, not hanging under it.
  const header = await page.getByRole("banner").boundingBox();
  const nav = await mainNav(page).boundingBox();
  expect((nav?.y ?? 0) + (nav?.height ?? 0)).toBeLessThanOrEqual(
    (header?.y ?? 0) + (header?.height ?? 0),
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the menu still opens and closes, and the subscribe box posts to /newsletter", async ({
    sharedPage: page,
  }) => {
    await page.goto("/about");
    const button = page.getByRole("button", { name: "Menu" });
    const nav = mainNav(page);
    await expect(nav).toBeHidden();
    await button.click();
    await expect(nav.getByRole("link", { name: "Services" })).toBeVisible();
    await expectUnderTheHeader(page);
    await page.keyboard.press("Escape");
    await expect(nav).toBeHidden();

    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Your e-mail address" }).fill("visitor@example.com");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/newsletter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");

    await page.goto("/about");
    await button.click();
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
  });
});
