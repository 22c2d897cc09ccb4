import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath, testChromiumPath } from "./scripts/chromium.ts";
import {
  apiToken,
  baseURL,
  e2eApiCacheTtl,
  e2eDatabaseUrl,
  e2eDataDir,
  e2ePageCacheTtl,
  e2ePort,
  siteUrl,
} from "./tests/e2e/api.ts";

/**
 * End-to-end tests in Debian's Chromium (its headless shell, the full browser where a spec tests
 * the browser itself: `fullBrowser` below) against the production build (`npm run test:e2e`
 * builds first), served by the real server on a fresh, seeded SQLite database.
 *
 * Two sets (decision 079): "site", the specs that read what the seed holds, and "changes", the
 * chain of specs that add, publish and remove properties (and so change the counts the site's
 * specs read). `npm run test:e2e` (scripts/e2e.ts) runs each set in its own Playwright process
 * with its own server and database (E2E_SET, E2E_PORT), side by side. Without E2E_SET both sets
 * run here against one server, the chain after the site's specs.
 */
const e2eSet = process.env.E2E_SET;
if (e2eSet !== undefined && e2eSet !== "site" && e2eSet !== "changes") {
  throw new Error(`E2E_SET is "site", "changes" or unset, not "${e2eSet}"`);
}

/**
 * The chain, "changes" (decision 079): the specs that add, publish, withdraw or remove listings
 * or change what every page shows, each run after the spec named in `after` (the entry before
 * it unless said). A new spec that changes what other specs read goes at the end, one line; a
 * spec that only reads the seed (or changes only what it alone reads) belongs to the site's set
 * and needs no entry (decision 105).
 */
const chain: readonly { spec: string; after?: string; why: string }[] = [
  { spec: "content-change", why: "adds a property: the listings' counts change" },
  { spec: "admin-listings", why: "reads the back office's listing table" },
  { spec: "listing-editor", why: "creates, edits and copies listings" },
  { spec: "listing-location", why: "the editor's position, code and rating (decision 069)" },
  {
    spec: "units-and-availability",
    after: "listing-editor",
    why: "adds a 1,000 sq ft listing, sold STC, through the content import",
  },
  { spec: "property-video-file", why: "adds a listing whose video is a self-hosted MP4" },
  { spec: "audit-log", why: "edits a listing of its own and reads the audit log" },
  { spec: "admin-photos", why: "uploads photos to a listing of its own, changes its cover" },
  {
    spec: "admin-content",
    why: "changes the home page's sliders, the frame's profile, amenity and category names",
  },
  { spec: "withdrawn", why: "withdraws a listing, putting it back after" },
  { spec: "listing-import", why: "imports listings from an uploaded file (decision 096)" },
  { spec: "listing-figures", why: "counts views of a listing of its own (decision 099)" },
];

/**
 * The specs that test what the full browser itself does, not only the page, run in Debian's
 * full Chromium; every other spec runs in its headless shell, the same engine without the
 * browser's windows and their WebUI pages, at about a quarter less CPU (decision 109).
 */
const fullBrowser: readonly { spec: string; why: string }[] = [
  { spec: "brochure", why: "the brochure opens in the browser's PDF viewer" },
  { spec: "floor-plans", why: "a PDF plan opens in the browser's PDF viewer" },
];

const specsPattern = (specs: readonly { spec: string }[]) =>
  new RegExp(`(${specs.map((entry) => entry.spec).join("|")})\\.spec\\.ts`);

/** A desktop Chrome device in the Chromium at `executablePath`. */
const desktopIn = (executablePath: string) => ({
  ...devices["Desktop Chrome"],
  channel: undefined,
  launchOptions: { executablePath, args: chromiumFlags },
});

const siteProjects = [
  {
    name: "chromium",
    use: desktopIn(testChromiumPath),
    testIgnore: specsPattern([...chain, ...fullBrowser]),
  },
  {
    name: "full chromium",
    use: desktopIn(chromiumPath),
    testMatch: specsPattern(fullBrowser),
  },
];

/** The chain's projects: the first after the site's specs when both sets share a server. */
function changeProjects() {
  return chain.map((entry, index) => {
    const after = entry.after ?? chain[index - 1]?.spec;
    return {
      name: entry.spec,
      testMatch: specsPattern([entry]),
      use: desktopIn(testChromiumPath),
      dependencies: after
        ? [after]
        : e2eSet === "changes"
          ? []
          : siteProjects.map((project) => project.name),
    };
  });
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // The specs wait on pages, timers and servers more than they compute: the site's set takes a
  // third browser while the chain, beside it, keeps two (decision 079).
  workers: e2eSet === "site" ? 3 : 2,
  forbidOnly: true,
  retries: 0,
  // Two cores run the server and two browsers at once: a page that renders in 300 ms alone can
  // take seconds while the other worker runs an axe scan, so limits are generous.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "off",
    screenshot: "only-on-failure",
  },
  projects: [
    ...(e2eSet === "changes" ? [] : siteProjects),
    ...(e2eSet === "site" ? [] : changeProjects()),
  ],
  webServer: {
    // Every run starts from a freshly seeded database.
    command: `rm -rf ${e2eDataDir} && node server/index.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    // On a fresh clone the first server draws the demo's photos (about 40 s of CPU) before it
    // is ready; a busy machine stretches that.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(e2ePort),
      DATABASE_URL: e2eDatabaseUrl,
      IMAGE_DIR: "./data/images",
      API_TOKEN: apiToken,
      // Cached pages take their absolute URLs from here, never from a visitor's Host header.
      SITE_URL: siteUrl,
      // The enquiry tests send many enquiries from one address.
      CONTACT_RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
      PAGE_CACHE_TTL: String(e2ePageCacheTtl),
      API_CACHE_TTL: String(e2eApiCacheTtl),
      // Two cores run this server and two browsers running axe: a page can wait seconds for its
      // turn, which a visitor's server would shed with 503 (decision 028). These tests check
      // what pages show; server/overload.test.ts checks the shedding with the defaults.
      MAX_EVENT_LOOP_DELAY_MS: "0",
      RENDER_QUEUE_WAIT_MS: "60000",
      // Every browser and test request comes from 127.0.0.1: no share per client (decision 030).
      RENDER_PER_CLIENT: "0",
    },
  },
});
