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
 * Chromium for page audits (Lighthouse), launched by the audit itself: the flags above, and
 * without the browser's own omnibox popup, a WebUI page that headless Chromium 156 loads in a
 * renderer of its own and that took about 2.5 s of CPU during each page load on a 2-core
 * machine, slowing the audited page's tasks that Lighthouse then multiplies by its CPU
 * slowdown (decision 023). Not for Playwright: it passes a `--disable-features` list of its
 * own, which a second one would replace.
 */
export const auditChromiumFlags = [...chromiumFlags, "--disable-features=OmniboxWebUIPopup"];
