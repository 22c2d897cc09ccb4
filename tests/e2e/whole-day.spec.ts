/**
 * A whole day in the back office (issue: staff manage listings, photos and enquiries in the
 * browser), on SQLite and on PostgreSQL: each dialect gets a server of its own on a fresh,
 * empty database that the server migrates and seeds, so nothing here changes what the other
 * specs count. The owner is made by `npm run users`, sets a password, signs in and invites an
 * agent; the agent creates a listing with six photos, moves one, makes another the cover, and
 * publishes it; the public grid, the detail page (with that cover), the
 * sitemap and the §7 API show it; an enquiry sent from its page is found in the inbox,
 * assigned, noted and closed; the listing is archived and leaves the public site; the owner
 * reads each step in the audit log.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import type { Dialect } from "../../db/database.ts";
import { buildPhotoBytes } from "../support/factories.ts";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "../support/test-database.ts";
import { setPasswordAndSignIn, setPasswordPath } from "./admin.ts";
import { apiToken, siteUrl } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { enquiryForm, fillEnquiry, uniqueEmail } from "./enquiry-helpers.ts";
import { gotoHydrated } from "./hydrated.ts";

test.describe.configure({ mode: "serial", timeout: 240_000 });

/** A server of the dialect's own, on a fresh database it migrates and seeds on start. */
async function startServer(dialect: Dialect) {
  const database = await createTestDatabase(dialect, { empty: true });
  const server = spawnServer(await freePort(), {
    DATABASE_URL: database.url,
    API_TOKEN: apiToken,
    SITE_URL: siteUrl,
    // The demo images are written once and shared with the other specs (existing files stay).
    IMAGE_DIR: "./data/images",
    SEED_DEMO_CONTENT: "true",
    CONTACT_RATE_LIMIT: "off",
    PAGE_CACHE_TTL: "1",
    LOG_LEVEL: "warn",
    MAX_EVENT_LOOP_DELAY_MS: "0",
    RENDER_QUEUE_WAIT_MS: "60000",
    RENDER_PER_CLIENT: "0",
  });
  try {
    await server.ready(90_000);
  } catch (error) {
    await server.stop("SIGKILL");
    await database.drop();
    throw error;
  }
  return { database, server };
}

function backOfficeLink(page: Page, name: string) {
  return page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name });
}

/** Every page URL the sitemap lists: in /sitemap.xml itself, or in the files it indexes. */
async function sitemapUrls(base: string): Promise<string[]> {
  const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const root = await (await fetch(`${base}/sitemap.xml`)).text();
  if (!root.includes("<sitemapindex")) return locations(root);
  const files = locations(root).map((url) => new URL(url).pathname);
  const pages = await Promise.all(
    files.map(async (path) => locations(await (await fetch(`${base}${path}`)).text())),
  );
  return pages.flat();
}

async function apiShowsListing(base: string, code: string): Promise<boolean> {
  const response = await fetch(`${base}/api/property/show/one/${encodeURIComponent(code)}`, {
    headers: { authorization: `Bearer ${apiToken}` },
  });
  const body = (await response.json()) as { data?: { code?: string } | null };
  return response.ok && body.data?.code === code;
}

/** The files of the photo manager's list, in order. */
function photoOrder(page: Page): Promise<string[]> {
  return page
    .locator(".admin-photos__list > li")
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.file ?? ""));
}

async function newContext(browser: Browser, base: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
}

for (const dialect of testDialects) {
  test.describe(`a whole day in the back office on ${dialect}`, () => {
    let database: TestDatabase;
    let server: ServerProcess;

    test.beforeAll(async () => {
      ({ database, server } = await startServer(dialect));
    });

    test.afterAll(async () => {
      await server?.stop();
      await database?.drop();
    });

    test(`owner and agent run a listing from creation to archive (${dialect})`, async ({
      browser,
    }) => {
      const id = randomBytes(4).toString("hex");
      const ownerEmail = `day-owner-${id}@example.com`;
      const agentEmail = `day-agent-${id}@example.com`;
      const code = `DAY-${id.toUpperCase()}`;
      const headline = `Whole day cottage ${code}`;

      // Morning: the owner from the command line, then the agent invited in the browser.
      const printed = execFileSync(
        process.execPath,
        ["server/cli/users.ts", "add", "--owner", ownerEmail],
        {
          env: {
            ...process.env,
            NODE_ENV: "test",
            DATABASE_URL: database.url,
            SITE_URL: siteUrl,
          },
          encoding: "utf8",
        },
      );
      const ownerContext = await newContext(browser, server.base);
      const owner = await ownerContext.newPage();
      await setPasswordAndSignIn(owner, setPasswordPath(printed), ownerEmail, `owner pw ${id}`);
      await backOfficeLink(owner, "Staff").click();
      await owner.getByLabel("E-mail address").fill(agentEmail);
      await owner.getByLabel("Agent").check();
      await owner.getByRole("button", { name: "Invite" }).click();
      const invited = owner.getByRole("status");
      await expect(invited).toContainText(`${agentEmail} is invited.`);
      const agentLink = setPasswordPath((await invited.textContent()) ?? "");

      const agentContext = await newContext(browser, server.base);
      const agent = await agentContext.newPage();
      await setPasswordAndSignIn(agent, agentLink, agentEmail, `agent pw ${id}`);

      // The agent creates the listing, unpublished, then publishes it from the table.
      await backOfficeLink(agent, "Listings").click();
      await agent.getByRole("link", { name: "New listing" }).click();
      await expect(agent.locator("html[data-hydrated]")).toHaveCount(1);
      await agent.getByLabel("Code", { exact: true }).fill(code);
      await agent.getByLabel("Headline", { exact: true }).fill(headline);
      await agent.getByLabel("Price").fill("1850");
      await agent.getByLabel("Street address").fill("9 Daylight Road");
      await agent.getByLabel("City", { exact: true }).fill("Toronto");
      await agent.getByLabel("Country").fill("Canada");
      await agent.getByLabel("Offer").selectOption("For Rent");
      await agent.getByRole("button", { name: "Create listing" }).click();
      await expect(agent.getByRole("status")).toHaveText(`${code} is created.`);
      await expectNoSeriousViolations(agent);

      // Six photos at once; the last moves up one place; the third becomes the cover.
      await agent.getByRole("link", { name: "Manage photos" }).click();
      await gotoHydrated(agent, `/admin/listings/${code}/photos`);
      const colours = ["#264653", "#2a9d8f", "#e9c46a", "#f4a261", "#e76f51", "#8ab17d"];
      const photos = await Promise.all(
        colours.map(async (color, index) => ({
          name: `room-${index + 1}.jpg`,
          mimeType: "image/jpeg",
          buffer: await buildPhotoBytes({ color }),
        })),
      );
      await agent.getByLabel("Choose photos").setInputFiles(photos);
      const uploads = agent.getByRole("list", { name: "Uploads" });
      await expect(uploads.getByText("Uploaded.")).toHaveCount(6);
      await expect(agent.getByRole("heading", { name: "6 photos" })).toBeVisible();
      const uploaded = await photoOrder(agent);
      await agent.getByRole("button", { name: "Move photo 6 up" }).click();
      await expect
        .poll(() => photoOrder(agent))
        .toEqual([...uploaded.slice(0, 4), uploaded[5], uploaded[4]]);
      const cover = uploaded[2] as string;
      await agent
        .locator(`.admin-photos__list > li[data-file="${cover}"]`)
        .getByLabel("Cover photo")
        .check();
      await agent.getByRole("button", { name: "Save photos" }).click();
      await expect(
        agent.getByRole("status").filter({ hasText: "The photos are saved" }),
      ).toBeVisible();
      expect(await photoOrder(agent)).toEqual([
        cover,
        ...uploaded.slice(0, 2),
        uploaded[3],
        uploaded[5],
        uploaded[4],
      ]);
      await expectNoSeriousViolations(agent);

      await backOfficeLink(agent, "Listings").click();
      await agent.getByLabel("Search code, headline or city").fill(code);
      await agent.getByRole("button", { name: "Search" }).click();
      await agent.getByRole("button", { name: `Publish ${code}` }).click();
      await expect(agent.getByRole("status")).toContainText(code);
      const detailPath = await agent
        .getByRole("row", { name: new RegExp(code) })
        .getByRole("link", { name: headline })
        .getAttribute("href");
      expect(detailPath).toMatch(/^\/property\//);

      // The public site and the API show it: grid (newest first), detail page, sitemap, API.
      const visitorContext = await newContext(browser, server.base);
      const visitor = await visitorContext.newPage();
      await visitor.goto("/property");
      await expect(visitor.getByRole("link", { name: headline }).first()).toBeVisible();
      await visitor.goto(detailPath as string);
      await expect(visitor.getByRole("heading", { level: 1 })).toContainText(headline);
      await expect(visitor.locator(".thumbnail-gallery__cover img")).toHaveAttribute(
        "src",
        new RegExp(`/images/property/${cover}`),
      );
      await expect(visitor.locator(".thumbnail-gallery__strip > li")).toHaveCount(6);
      expect(await sitemapUrls(server.base)).toContain(`${siteUrl}${detailPath}`);
      expect(await apiShowsListing(server.base, code)).toBe(true);

      // Afternoon: an enquiry from the listing's page reaches the inbox and is handled.
      const visitorEmail = uniqueEmail(`day-${dialect}`);
      const fullname = `Day Visitor ${id}`;
      const form = enquiryForm(visitor, "property");
      await fillEnquiry(form, "property", {
        fullname,
        email: visitorEmail,
        message: `Can I see ${code} tomorrow?`,
      });
      await form.getByRole("button", { name: "Submit" }).click();
      await expect(form.getByRole("alert")).toContainText("Success!");

      await backOfficeLink(agent, "Enquiries").click();
      const filters = agent.getByRole("search", { name: "Enquiries" });
      await filters.getByLabel("Search name, e-mail or message").fill(visitorEmail);
      await filters.getByRole("button", { name: "Filter" }).click();
      await agent.getByRole("link", { name: fullname }).click();
      await expect(agent.getByText(`Can I see ${code} tomorrow?`)).toBeVisible();
      await agent.getByLabel("Assigned to").selectOption({ label: agentEmail });
      await agent.getByLabel("Add a note").fill("Viewing booked for ten o'clock.");
      await agent.getByRole("button", { name: "Save changes" }).click();
      await expect(agent.getByRole("status")).toHaveText(
        "The assignment is changed. Your note is added.",
      );
      await agent.getByLabel("Status", { exact: true }).selectOption("closed");
      await agent.getByRole("button", { name: "Save changes" }).click();
      await expect(agent.getByRole("status")).toHaveText("The status is changed.");
      await expectNoSeriousViolations(agent);

      // Evening: the listing is archived and leaves the public site and the API.
      await backOfficeLink(agent, "Listings").click();
      await agent.getByLabel("Search code, headline or city").fill(code);
      await agent.getByRole("button", { name: "Search" }).click();
      await agent.getByRole("button", { name: `Archive ${code}` }).click();
      await expect(agent.getByRole("status")).toContainText(`${code} is archived`);
      // SPEC §2: a property that is not there sends the visitor home, which says it is no
      // longer on the market (decision 072).
      // A visitor coming back later (a new tab: Chromium aborts a reload of the page it shows
      // when the answer is a redirect, which is not what a visitor does).
      const later = await visitorContext.newPage();
      await later.goto(detailPath as string);
      const slug = (detailPath as string).split("/").pop() as string;
      await expect(later).toHaveURL(`${server.base}/?gone=${slug}`);
      await expect(
        later.getByRole("heading", { name: "That home is no longer on the market" }),
      ).toBeVisible();
      await later.goto("/property");
      await expect(later.getByRole("link", { name: headline })).toHaveCount(0);
      expect(await sitemapUrls(server.base)).not.toContain(`${siteUrl}${detailPath}`);
      expect(await apiShowsListing(server.base, code)).toBe(false);

      // The owner reads the day in the audit log, newest first.
      await owner.goto("/admin/audit");
      const log = owner.locator("tbody");
      for (const [who, step] of [
        [ownerEmail, "Staff invited"],
        [agentEmail, "Password set"],
        [agentEmail, "Signed in"],
        [agentEmail, "Listing created"],
        [agentEmail, "Photos added"],
        [agentEmail, "Photos changed"],
        [agentEmail, "Listing published"],
        [agentEmail, "Enquiry assigned"],
        [agentEmail, "Enquiry noted"],
        [agentEmail, "Enquiry status changed"],
        [agentEmail, "Listing archived"],
      ] as const) {
        await expect(
          log.getByRole("row").filter({ hasText: step }).filter({ hasText: who }),
        ).not.toHaveCount(0);
      }
      await owner.getByLabel("Listing code or enquiry number").fill(code);
      await owner.getByRole("button", { name: "Filter" }).click();
      await expect(log.getByRole("row")).toHaveText([
        /Listing archived/,
        /Listing published/,
        /Photos changed/,
        // One event per photo: the uploader sends each file on its own.
        ...photos.map(() => /Photos added/),
        /Listing created/,
      ]);
      await expectNoSeriousViolations(owner);
      await Promise.all([ownerContext, agentContext, visitorContext].map((c) => c.close()));
    });
  });
}
