import type { Page } from "@playwright/test";

/**
 * Holds every request of `page` matching `url` (a Playwright URL pattern) until the returned
 * function is called, then lets them go on: to see what a page does while a script or an
 * image has not arrived yet.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
