import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until React has hydrated the page (the root marks
 * `<html data-hydrated="true">`), so clicks reach React's handlers instead of the bare HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  return response;
}
