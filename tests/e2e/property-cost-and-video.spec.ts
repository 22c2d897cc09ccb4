/**
 * Issue 18 items 3 and 4 (decision 049): the monthly cost calculator of a home for sale, with
 * and without JavaScript, against a worked example (a 300,000 loan at 5 % over 25 years is
 * 1,753.77 a month); the income note of a rental; the Video tab, which asks YouTube for nothing
 * before play and then shows the youtube-nocookie.com player, and says so without a video.
 */

import { expect, type Page, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { formatPrice } from "../../lib/format.ts";
import { incomeForRent, monthlyPayment } from "../../lib/monthly-cost.ts";
import { listProperties } from "./api.ts";
import { axeScan, wcagTags } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

let properties: Property[];
let forSale: Property;
let forRent: Property;
let withVideo: Property;
let withoutVideo: Property;

test.beforeAll(async () => {
  properties = await listProperties();
  forSale = properties.find((p) => p.offer_type === "For Sale" && p.price > 0)!;
  forRent = properties.find((p) => p.offer_type === "For Rent" && p.price > 0)!;
  withVideo = properties.find((p) => p.youtube && /youtube/.test(p.youtube))!;
  withoutVideo = properties.find((p) => !p.youtube)!;
  for (const [name, found] of Object.entries({ forSale, forRent, withVideo, withoutVideo })) {
    expect(found, `the demo data has a property ${name}`).toBeTruthy();
  }
});

/** The worked example: 375,000 less a 75,000 deposit is a 300,000 loan; 5 % a year, 25 years. */
const example = { price: "375000", deposit: "75000", rate: "5", years: "25" };
const examplePayment = "$1,753.77";

async function fillExample(page: Page) {
  const calculator = page.getByRole("region", { name: "Monthly cost" });
  await calculator.getByLabel("Price (USD)").fill(example.price);
  await calculator.getByLabel("Deposit (USD)").fill(example.deposit);
  await calculator.getByLabel("Interest rate (%)").fill(example.rate);
  await calculator.getByLabel("Term (years)").fill(example.years);
  return calculator;
}

const youtubeHost =
  /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|youtu\.be)$/;

/** Records every request the page makes to a YouTube host. */
function recordYoutubeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (youtubeHost.test(new URL(request.url()).hostname)) seen.push(request.url());
  });
  return seen;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the calculator renders the defaults and answers the GET form", async ({ page }) => {
    await page.goto(`/property/${forSale.slug}`);
    const calculator = page.getByRole("region", { name: "Monthly cost" });
    // The defaults: the listing's price, a 20 % deposit, 6 % a year, 25 years.
    await expect(calculator.getByLabel("Price (USD)")).toHaveValue(String(forSale.price));
    await expect(calculator.getByLabel("Interest rate (%)")).toHaveValue("6");
    await expect(calculator.getByLabel("Term (years)")).toHaveValue("25");
    const defaultLoan = forSale.price - Math.round(forSale.price * 0.2 * 100) / 100;
    await expect(calculator.locator("[data-cost='monthly']")).toHaveText(
      formatPrice(monthlyPayment(defaultLoan, 6, 25)),
    );
    await expect(calculator).toContainText("M = P × r ÷ (1 − (1 + r)−n)");

    await fillExample(page);
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/\?price=375000&deposit=75000&rate=5&years=25#monthly-cost$/);
    const answered = page.getByRole("region", { name: "Monthly cost" });
    await expect(answered.locator("[data-cost='monthly']")).toHaveText(examplePayment);
    await expect(answered).toContainText(
      "to repay $300,000.00 ($375,000.00 less a $75,000.00 deposit) over 25 years (300 months) at 5% a year",
    );
    await expect(answered.getByLabel("Deposit (USD)")).toHaveValue("75000");
  });

  test("values out of bounds are held inside them", async ({ page }) => {
    await page.goto(`/property/${forSale.slug}?price=300000&deposit=900000&rate=99&years=x`);
    const calculator = page.getByRole("region", { name: "Monthly cost" });
    await expect(calculator.getByLabel("Deposit (USD)")).toHaveValue("300000");
    await expect(calculator.getByLabel("Interest rate (%)")).toHaveValue("25");
    await expect(calculator.getByLabel("Term (years)")).toHaveValue("25");
    await expect(calculator.locator("[data-cost='monthly']")).toHaveText("$0.00");
  });

  test("the video poster links to the video on YouTube, asking YouTube for nothing", async ({
    page,
  }) => {
    const requests = recordYoutubeRequests(page);
    await page.goto(`/property/${withVideo.slug}`);
    const id = withVideo.youtube!.match(/embed\/([\w-]+)/)![1];
    const poster = page.getByRole("link", { name: `Play the video of ${withVideo.headline}` });
    await expect(poster).toHaveAttribute("href", `https://www.youtube.com/watch?v=${id}`);
    await expect(page.locator("iframe[src*='youtube']")).toHaveCount(0);
    expect(requests).toEqual([]);
  });
});

test("the calculator updates live as the visitor types", async ({ page }) => {
  await gotoHydrated(page, `/property/${forSale.slug}`);
  const url = page.url();
  const calculator = await fillExample(page);
  const result = calculator.locator(".monthly-cost__result");
  await expect(result).toHaveAttribute("aria-live", "polite");
  await expect(calculator.locator("[data-cost='monthly']")).toHaveText(examplePayment);
  await expect(result).toContainText("to repay $300,000.00");
  // No submit: the page did not move.
  expect(page.url()).toBe(url);
  // A 0 % rate repays the loan in equal parts: 300,000 / 300.
  await calculator.getByLabel("Interest rate (%)").fill("0");
  await expect(calculator.locator("[data-cost='monthly']")).toHaveText("$1,000.00");
});

test("a rental shows the income the 30% rule implies, and no calculator", async ({ page }) => {
  await page.goto(`/property/${forRent.slug}`);
  const note = page.getByRole("region", { name: "Affordability" });
  const income = incomeForRent(forRent.price);
  await expect(note).toContainText(
    `A rent of ${formatPrice(forRent.price)} a month is 30% of a gross household income of ${formatPrice(income.monthly)} a month (${formatPrice(income.yearly)} a year).`,
  );
  await expect(page.getByRole("region", { name: "Monthly cost" })).toHaveCount(0);
});

test("YouTube is asked for nothing before play; play shows the nocookie player", async ({
  page,
}) => {
  const requests = recordYoutubeRequests(page);
  // The player's own page: answered here, so the test needs no network.
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>player</title><p>player</p>" }),
  );
  const response = await gotoHydrated(page, `/property/${withVideo.slug}`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  const frameSrc = csp.split(";").find((part) => part.trim().startsWith("frame-src")) ?? "";
  expect(frameSrc).toContain("https://www.youtube-nocookie.com");
  expect(frameSrc).not.toMatch(/https:\/\/www\.youtube\.com/);

  await page.getByRole("tab", { name: "Video" }).click();
  const panel = page.getByRole("tabpanel");
  const poster = panel.getByRole("link", { name: `Play the video of ${withVideo.headline}` });
  await expect(poster).toBeVisible();
  await expect(poster.locator("img")).toHaveAttribute("src", /^\/images\/property\//);
  expect(requests).toEqual([]);

  await poster.click();
  const id = withVideo.youtube!.match(/embed\/([\w-]+)/)![1];
  const player = panel.locator("iframe");
  await expect(player).toHaveAttribute(
    "src",
    `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
  );
  await expect(player).toHaveAttribute("title", `Video of ${withVideo.headline}`);
  await expect(player).toBeFocused();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  expect(requests.every((url) => new URL(url).hostname === "www.youtube-nocookie.com")).toBe(true);
});

test("the Video tab says there is no video, and loads nothing, without a video", async ({
  page,
}) => {
  const requests = recordYoutubeRequests(page);
  await gotoHydrated(page, `/property/${withoutVideo.slug}`);
  await page.getByRole("tab", { name: "Video" }).click();
  await expect(page.getByRole("tabpanel")).toHaveText("No video available for this property.");
  expect(requests).toEqual([]);
});

test("the detail page with the calculator and the video poster passes axe", async ({ page }) => {
  const property =
    properties.find((p) => p.offer_type === "For Sale" && p.youtube && /youtube/.test(p.youtube)) ??
    forSale;
  await gotoHydrated(page, `/property/${property.slug}`);
  if (property.youtube) await page.getByRole("tab", { name: "Video" }).click();
  const { violations } = await axeScan(page).withTags(wcagTags).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`,
    ),
  ).toEqual([]);
});
