/**
 * Issue 18 item 2, the Floor Plans tab (decision 052): the demo's generated plans differ from
 * one property to another; a property without plans keeps the tab (SPEC §2 lists it on every
 * property) and says so; an image plan opens in the full-screen viewer (decision 048) and,
 * without JavaScript, leads to its full-size image; axe finds nothing serious.
 */
import { createHash } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import type { FloorPlan, Property } from "../../lib/api-contract.ts";
import { apiData, baseURL, listProperties } from "./api.ts";
import { seriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

/** Two published properties with plans (the first with several) and one without. */
let planned: [Property, Property];
let plain: Property;
/** A property with a PDF plan. */
let withPdf: Property;

test.beforeAll(async () => {
  const details = await Promise.all(
    (await listProperties()).map((property) =>
      apiData<Property>(`/property/show/one/${property.slug}`),
    ),
  );
  const withPlans = details.filter((property) => (property.floor_plans?.length ?? 0) > 0);
  const several = withPlans.find((property) => (property.floor_plans?.length ?? 0) > 1);
  const other = withPlans.find((property) => property.code !== several?.code);
  const none = details.find((property) => property.floor_plans?.length === 0);
  const pdf = details.find((property) => plansOf(property).some((plan) => plan.kind === "pdf"));
  expect(pdf, "the demo data has a property with a PDF plan").toBeTruthy();
  withPdf = pdf!;
  expect(several, "the demo data has a property with several floor plans").toBeTruthy();
  expect(other, "the demo data has a second property with floor plans").toBeTruthy();
  expect(none, "the demo data has a property without floor plans").toBeTruthy();
  planned = [several!, other!];
  plain = none!;
});

function plansOf(property: Property): FloorPlan[] {
  return property.floor_plans ?? [];
}
const imagePlansOf = (property: Property) =>
  plansOf(property).filter((plan) => plan.kind === "image");
/** The URL path of a plan's full-size file, as the page links it. */
const original = (plan: FloorPlan) => `/images/property/${encodeURIComponent(plan.file)}`;

async function openFloorPlans(page: Page, property: Property) {
  await gotoHydrated(page, `/property/${property.slug}`);
  await page.getByRole("tab", { name: "Floor Plans" }).click();
  return page.getByRole("tabpanel", { name: "Floor Plans" });
}

test("two demo properties show their own, different floor plans, each under its label", async ({
  page,
}) => {
  const shown: string[][] = [];
  for (const property of planned) {
    const panel = await openFloorPlans(page, property);
    await expect(panel.locator(".floor-plans__label")).toHaveText(
      plansOf(property).map((plan) => plan.label),
    );
    const plans = imagePlansOf(property);
    const images = panel.getByRole("img", { name: /^Floor plan: / });
    await expect(images).toHaveCount(plans.length);
    for (const [index, plan] of plans.entries()) {
      await expect(images.nth(index)).toHaveAccessibleName(`Floor plan: ${plan.label}`);
      // Drawn, not the placeholder: the plan's own file loaded.
      await expect
        .poll(() =>
          images
            .nth(index)
            .evaluate(
              (image: HTMLImageElement) =>
                image.complete && image.naturalWidth > 0 && !image.currentSrc.endsWith("/no.png"),
            ),
        )
        .toBe(true);
      await expect(panel.getByRole("link", { name: `Floor plan: ${plan.label}` })).toHaveAttribute(
        "href",
        original(plan),
      );
    }
    // The drawings themselves, by content.
    const hashes: string[] = [];
    for (const plan of plans) {
      const response = await page.request.get(`${baseURL}${original(plan)}`);
      expect(response.ok()).toBe(true);
      expect(response.headers()["content-type"]).toBe("image/png");
      hashes.push(
        createHash("sha256")
          .update(await response.body())
          .digest("hex"),
      );
    }
    // A house's levels differ from each other too.
    expect(new Set(hashes).size).toBe(hashes.length);
    shown.push(hashes);
  }
  const [first, second] = shown;
  expect(first!.filter((hash) => second!.includes(hash))).toEqual([]);
});

test("a property without floor plans keeps the tab, which says there are none", async ({
  page,
}) => {
  const panel = await openFloorPlans(page, plain);
  await expect(page.getByRole("tab", { name: "Floor Plans" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(panel).toHaveText("No floor plans available for this property.");
  await expect(panel.getByRole("img")).toHaveCount(0);
  await expect(page.locator("dialog.photo-viewer")).toHaveCount(1); // the photos' own only
});

test("an image plan opens in the full-screen viewer: next, Escape, focus back", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const property = planned[0];
  const plans = imagePlansOf(property);
  const panel = await openFloorPlans(page, property);
  const first = panel.getByRole("link", { name: `Floor plan: ${plans[0]!.label}` });
  await expect(first).toHaveAttribute("aria-haspopup", "dialog");
  await first.click();
  const viewer = page.getByRole("dialog", { name: `Floor plans: ${property.headline}` });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText(`1 of ${plans.length}`);
  const image = viewer.locator(".photo-viewer__image");
  await expect(image).toHaveAttribute("alt", `Floor plan: ${plans[0]!.label}`);
  await expect(image).toHaveAttribute("src", original(plans[0]!));
  // The plan fills the screen's width or height.
  await expect
    .poll(() => image.evaluate((element) => element.getBoundingClientRect().height))
    .toBeGreaterThan(600);

  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(viewer).toContainText(`2 of ${plans.length}`);
  await expect(image).toHaveAttribute("alt", `Floor plan: ${plans[1]!.label}`);
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText(`1 of ${plans.length}`);

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();
  // The photos' viewer is its own: it still opens on the photos.
  await page.locator("a.thumbnail-gallery__open").click();
  await expect(page.getByRole("dialog", { name: `Photos: ${property.headline}` })).toBeVisible();
});

test("a PDF plan is a link to the file, outside the viewer", async ({ page }) => {
  const panel = await openFloorPlans(page, withPdf);
  const pdf = plansOf(withPdf).find((plan) => plan.kind === "pdf")!;
  const link = panel.getByRole("link", { name: new RegExp(`^${pdf.label}`) });
  await expect(link).toHaveAttribute("href", original(pdf));
  await expect(link).toContainText("PDF");
  await expect(link).not.toHaveAttribute("aria-haspopup", "dialog");
  const response = await page.request.get(`${baseURL}${original(pdf)}`);
  expect(response.ok()).toBe(true);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // Sandboxed (decision 065), the file still opens in Chromium's PDF viewer.
  expect(response.headers()["content-security-policy"]).toMatch(/^sandbox;/);
  const [opened] = await Promise.all([
    page.context().waitForEvent("page"),
    link.click({ modifiers: ["Shift"] }),
  ]);
  await expect
    .poll(() => opened.frames().some((frame) => frame.url().startsWith("chrome-extension://")))
    .toBe(true);
  await opened.close();
  // The viewer goes through the image plans only.
  await panel
    .getByRole("link", { name: /^Floor plan: / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /^Floor plans: / })).toContainText(
    `1 of ${imagePlansOf(withPdf).length}`,
  );
});

test.describe("axe", () => {
  test.describe.configure({ timeout: 90_000 });
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`at ${viewport.width} px, the tab and the viewer: no serious or critical violation`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const property = planned[0];
      const panel = await openFloorPlans(page, property);
      const scan = () => seriousViolations(page);
      expect(await scan()).toEqual([]);
      await panel
        .getByRole("link", { name: /^Floor plan: / })
        .first()
        .click();
      await expect(page.getByRole("dialog", { name: /^Floor plans: / })).toBeVisible();
      expect(await scan()).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the plans show under the Floor Plans heading and lead to their full-size images", async ({
    page,
  }) => {
    const property = planned[0];
    const plans = imagePlansOf(property);
    await page.goto(`/property/${property.slug}`);
    await expect(page.getByRole("heading", { level: 3, name: "Floor Plans" })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const links = page.getByRole("link", { name: /^Floor plan: / });
    await expect(links).toHaveCount(plans.length);
    for (const [index, plan] of plans.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", original(plan));
    }
    const response = page.waitForResponse((answer) => answer.request().isNavigationRequest());
    await links.first().click();
    expect((await response).ok()).toBe(true);
    await expect(page).toHaveURL(original(plans[0]!));
  });
});
