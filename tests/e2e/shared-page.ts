/**
 * One page per Playwright worker for short read-only tests (decision 105's addendum): a new
 * context and its first page cost about half a second of CPU, more than many such tests.
 * A test takes it as `async ({ sharedPage: page }) => …` and then reads as any other test.
 *
 * There is one such page with JavaScript and one without, made when first asked for: the
 * test's `javaScriptEnabled` option (`test.use`) chooses, and its `viewport` option is set on
 * it. After each test the page is put back: no cookies, no local or session storage (so no
 * test reads another's shortlist, recently viewed homes or area unit), no emulated media, on
 * about:blank. A test that listens to the page's events, routes its requests, installs a clock
 * or init scripts, or needs other context options keeps its own `page`.
 */
import { test as base, devices, type Page } from "@playwright/test";
import { baseURL } from "./api.ts";

const { defaultBrowserType: _browserType, ...desktop } = devices["Desktop Chrome"];

/**
 * Clears the site's local and session storage from the page, once the navigation a test's
 * last click may have started has landed (its document is the one whose storage is cleared).
 */
async function clearStorage(page: Page) {
  for (let attempt = 1; ; attempt++) {
    await page.waitForLoadState();
    if (!page.url().startsWith(baseURL)) return;
    try {
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      return;
    } catch (error) {
      // A navigation replaced the document while clearing: clear the new one.
      if (attempt === 3) throw error;
    }
  }
}

export const test = base.extend<
  { sharedPage: Page },
  { workerPages: (javaScriptEnabled: boolean) => Promise<Page> }
>({
  workerPages: [
    async ({ browser }, use) => {
      const pages = new Map<boolean, Promise<Page>>();
      await use((javaScriptEnabled) => {
        let page = pages.get(javaScriptEnabled);
        if (!page) {
          page = browser
            .newContext({ ...desktop, baseURL, javaScriptEnabled })
            .then((context) => context.newPage());
          pages.set(javaScriptEnabled, page);
        }
        return page;
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
  sharedPage: async ({ workerPages, javaScriptEnabled, viewport }, use, testInfo) => {
    const page = await workerPages(javaScriptEnabled ?? true);
    await page.setViewportSize(viewport ?? desktop.viewport);
    await use(page);
    // The project's screenshot on failure covers only pages of the test's own context.
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach("screenshot", {
        body: await page.screenshot(),
        contentType: "image/png",
      });
    }
    // Without JavaScript no page writes storage (and it is no page's to read).
    if (javaScriptEnabled !== false) await clearStorage(page);
    await page.context().clearCookies();
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null });
    await page.goto("about:blank");
  },
});

export { expect } from "@playwright/test";
