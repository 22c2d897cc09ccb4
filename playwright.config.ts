import { defineConfig, devices } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.ts";
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
 * End-to-end tests in Debian's Chromium against the production build (`npm run test:e2e`
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

const siteProject = {
  name: "chromium",
  use: { ...devices["Desktop Chrome"], channel: undefined },
  testIgnore:
    /(content-change|admin-listings|listing-editor|listing-location|units-and-availability|property-video-file|audit-log|admin-photos|admin-content|withdrawn|listing-import|listing-figures)\.spec\.ts/,
};

/** The chain: each spec after the one before it. */
function changeProjects() {
  return [
    // These add, publish and remove properties: each runs after every other spec, whose counts
    // it would change (or on a server of their own), and after the other.
    {
      name: "content-change",
      testMatch: /content-change\.spec\.ts/,
      dependencies: e2eSet === "changes" ? [] : ["chromium"],
    },
    {
      name: "admin-listings",
      testMatch: /admin-listings\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["content-change"],
    },
    // The listing editor creates, edits and copies listings: after the table's spec.
    {
      name: "listing-editor",
      testMatch: /listing-editor\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["admin-listings"],
    },
    // The editor's position, code and rating (decision 069): listings of its own, after the editor's.
    {
      name: "listing-location",
      testMatch: /listing-location\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["listing-editor"],
    },
    // Adds a 1,000 sq ft listing, sold STC, through the content import: after the listing editor's.
    {
      name: "units-and-availability",
      testMatch: /units-and-availability\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["listing-editor"],
    },
    // Adds a listing whose video is a self-hosted MP4: after every other spec.
    {
      name: "property-video-file",
      testMatch: /property-video-file\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["units-and-availability"],
    },
    // Edits a listing of its own in the editor and reads the audit log: after the others.
    {
      name: "audit-log",
      testMatch: /audit-log\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["property-video-file"],
    },
    // Uploads photos to a listing of its own and changes its cover: after the others.
    {
      name: "admin-photos",
      testMatch: /admin-photos\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["audit-log"],
    },
    {
      // Changes the home page's sliders and collections, the profile every page's frame
      // shows, and amenity and category names (putting each back): after every other spec.
      name: "admin-content",
      testMatch: /admin-content\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["admin-photos"],
    },
    // Withdraws a listing (putting it back after): after every other spec, whose pages it changes.
    {
      name: "withdrawn",
      testMatch: /withdrawn\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["admin-content"],
    },
    // Imports listings of its own from an uploaded file (decision 096): after every other spec.
    {
      name: "listing-import",
      testMatch: /listing-import\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["withdrawn"],
    },
    // Counts views of a listing of its own (decision 099): after every other spec.
    {
      name: "listing-figures",
      testMatch: /listing-figures\.spec\.ts/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
      dependencies: ["listing-import"],
    },
  ];
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
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    ...(e2eSet === "changes" ? [] : [siteProject]),
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
