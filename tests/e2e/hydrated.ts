import { expect, type Page } from "@playwright/test";

/**
 * Opens `path` and waits until the page's script has taken over, so clicks reach its handlers
 * instead of the bare HTML: on every public page the enhancement module (`<html
 * data-enhanced="true">`, decisions 021, 043), in the back office React's hydration (the root
 * marks `<html data-hydrated="true">`).
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html:is([data-hydrated="true"], [data-enhanced="true"])')).toHaveCount(
    1,
  );
  return response;
}
