/**
 * Screenshots for a person to look at, never compared by a test. With E2E_SCREENSHOTS=folder
 * set, `keepScreenshot` writes `name.png` there; unset (as in `npm test`), it takes none, so a
 * run spends no browser time on pictures nobody opens and writes nothing outside the checkout.
 * A failed test's own screenshot is Playwright's (`screenshot: "only-on-failure"`).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";

const folder = process.env.E2E_SCREENSHOTS || undefined;

/** Whether screenshots are asked for: a spec that must resize or scroll for one asks first. */
export const screenshotsWanted = folder !== undefined;

/** The whole page (or only the element a locator names) as `name.png` in E2E_SCREENSHOTS. */
export async function keepScreenshot(target: Page | Locator, name: string): Promise<void> {
  if (folder === undefined) return;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}
