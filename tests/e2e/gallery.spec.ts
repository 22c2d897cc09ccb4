/** /gallery against the API's property list. */
import { expect, test } from "@playwright/test";
import { listProperties } from "./api.ts";

test("shows every property's cover and headline, linking to its page", async ({ page }) => {
  const properties = await listProperties();
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Photo Gallery");
  const items = page.locator(".gallery__grid > li");
  await expect(items).toHaveCount(properties.length);
  for (const [index, property] of properties.entries()) {
    const item = items.nth(index);
    await expect(item).toContainText(property.headline);
    await expect(item.getByRole("link", { name: property.headline, exact: true })).toHaveAttribute(
      "href",
      `/property/${property.slug}`,
    );
    await expect(item.getByRole("img", { name: property.headline })).toHaveAttribute(
      "src",
      `/images/property/${encodeURIComponent(property.cover_image)}`,
    );
  }
});

test("shows the default image when a cover fails to load", async ({ page }) => {
  const [first] = await listProperties();
  await page.route(`**/images/property/${encodeURIComponent(first!.cover_image)}*`, (route) =>
    route.abort(),
  );
  await page.goto("/gallery");
  await expect(page.getByRole("img", { name: first!.headline, exact: true })).toHaveAttribute(
    "src",
    /\/no\.png$/,
  );
});

test("opens a property from the gallery", async ({ page }) => {
  const [first] = await listProperties();
  await page.goto("/gallery");
  await page.getByRole("link", { name: first!.headline, exact: true }).click();
  await expect(page).toHaveURL(`/property/${first!.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.headline);
});
