import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until the page's script has taken over, so clicks reach its handlers
 * instead of the bare HTML: React's hydration (the root marks `<html data-hydrated="true">`) or,
 * on a document that does not hydrate (the home page, decision 021), the enhancement module
 * (`<html data-enhanced="true">`).
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html:is([data-hydrated="true"], [data-enhanced="true"])')).toHaveCount(
    1,
  );
  return response;
}
