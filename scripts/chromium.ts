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
