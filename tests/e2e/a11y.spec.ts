/**
 * WCAG 2.2 AA with axe on every route of SPEC §2, at desktop and phone widths, with the mobile
 * menu open, and the contact form in its error state: no serious or critical violation. At the
 * desktop width the frame's own pages (`fullyClean`) pass every rule, best practices included,
 * at any impact: one scan per page state serves both checks (decision 105; the frame's spec
 * scanned them again).
 */

import { expect, type Page, test } from "@playwright/test";
import { listProperties } from "./api.ts";
import { axeScan, describeViolation, seriousWcag, type Violations, wcagTags } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { routePath, siteRoutes } from "./routes.ts";

// A full axe scan takes seconds of CPU: three times the usual budget per test.
test.describe.configure({ timeout: 90_000 });

/**
 * Pages with no axe violation at all (every rule, best practices included, any impact) at the
 * desktop width, besides no serious WCAG one at both widths.
 */
const fullyClean = new Set<string>([
  "/",
  "/services",
  "/contact",
  "/about",
  "/faq",
  "/investment",
  "/no-such-page",
]);

/** Every violation of the WCAG A/AA rules and axe's best practices on the page (one scan). */
async function violationsOf(page: Page): Promise<Violations> {
  const { violations } = await axeScan(page)
    .withTags([...wcagTags, "best-practice"])
    .analyze();
  return violations;
}

/** axe's serious and critical WCAG A/AA violations on the page, one line per rule. */
async function seriousViolations(page: Page): Promise<string[]> {
  return seriousWcag(await violationsOf(page));
}

let slug: string;

test.beforeAll(async () => {
  const [first] = await listProperties();
  expect(first, "the seed has a published property").toBeTruthy();
  slug = first!.slug;
});

for (const [label, viewport] of [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`at ${viewport.width} px (${label})`, () => {
    test.use({ viewport });

    for (const route of siteRoutes) {
      const everyRule = label === "desktop" && fullyClean.has(route);
      const title = everyRule
        ? `${route} has no axe violation at all, and so no serious one`
        : `${route} has no serious or critical axe violation`;
      test(title, async ({ page }) => {
        // The carousels hold still, so a scan never meets a slide mid-move.
        if (label === "desktop") await page.emulateMedia({ reducedMotion: "reduce" });
        await gotoHydrated(page, routePath(route, slug));
        const violations = await violationsOf(page);
        expect(seriousWcag(violations)).toEqual([]);
        if (everyRule) expect(violations.map(describeViolation)).toEqual([]);
      });
    }
  });
}

test.describe("with the mobile menu open", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the open menu has no serious or critical axe violation", async ({ page }) => {
    await gotoHydrated(page, "/property");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test("the contact form in its error state has no serious or critical axe violation", async ({
  page,
}) => {
  await gotoHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByLabel("Full Name", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
