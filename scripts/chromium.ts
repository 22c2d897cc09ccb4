/**
 * How the project launches Debian's Chromium, for Playwright and Lighthouse alike: its path
 * (CHROMIUM_PATH overrides) and the flags that keep a headless run in a container quiet and
 * offline (no sandbox, no GPU, no background or update traffic).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The browser's own omnibox popups: WebUI pages (`chrome://omnibox-popup.top-chrome/` and its
 * AI-mode page) that headless Chromium 156 preloads for every window, in a renderer of its own
 * that stays busy while the tested page loads (decisions 023 and 109). No test and no audit
 * types into the address bar.
 */
const withoutOmniboxPopups = "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup";

/**
 * Chromium for page audits (Lighthouse), launched by the audit itself: the flags above, without
 * the omnibox popups, which took about 2.5 s of CPU during each audited page load on a 2-core
 * machine, slowing the page's tasks that Lighthouse then multiplies by its CPU slowdown.
 */
export const auditChromiumFlags = [...chromiumFlags, withoutOmniboxPopups];

/**
 * Chromium for Playwright: Debian's build of the same Chromium as its headless shell, the
 * browser Playwright itself runs headless tests in unless told otherwise. It draws the same
 * pages with the same engine, without the full browser's windows, toolbars and their WebUI
 * pages: about a quarter less CPU per spec (decision 109). CHROMIUM_HEADLESS_SHELL_PATH
 * overrides.
 */
export const testChromiumPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
