/**
 * WCAG 2.2 AA with axe on every route of SPEC §2, at desktop and phone widths, with the mobile
 * menu open, and the contact form in its error state: no serious or critical violation.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { listProperties } from "./api.ts";
import { gotoHydrated } from "./hydrated.ts";
import { routePath, siteRoutes } from "./routes.ts";

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// A full axe scan takes seconds of CPU: three times the usual budget per test.
test.describe.configure({ timeout: 90_000 });

/** axe's serious and critical WCAG A/AA violations on the page, one line per rule. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
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
      test(`${route} has no serious or critical axe violation`, async ({ page }) => {
        await gotoHydrated(page, routePath(route, slug));
        expect(await seriousViolations(page)).toEqual([]);
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
