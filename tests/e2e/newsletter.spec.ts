/**
 * The newsletter (decision 078), the visitor's side with and without JavaScript: subscribe from
 * the footer's box → "Check your inbox"; the confirmation mail's link (a button, then
 * confirmed); the one-click unsubscribe (the page's button and RFC 8058's POST); the home
 * page's box too; and the owners' back-office page listing, exporting and deleting addresses.
 * axe on every new page. Its own server, with SMTP_URL pointing at an SMTP server started here,
 * so the mails are real.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import Sqlite from "better-sqlite3";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { setPasswordPath, signIn } from "./admin.ts";
import { apiToken, e2eDatabaseUrl } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let smtp: TestSmtpServer;
let server: ServerProcess;
let folder: string;

test.beforeAll(async () => {
  // The first start seeds the demo and draws its photos: slow on a busy machine.
  test.setTimeout(240_000);
  smtp = await startSmtpServer();
  const port = await freePort();
  folder = `data/e2e-newsletter-${port}`;
  // A copy of the e2e server's seeded database and its drawn photos: seeding anew is slow on
  // a busy machine, and this spec needs its own server (SMTP_URL) but nothing else of its own.
  await mkdir(folder, { recursive: true });
  const seeded = new Sqlite(e2eDatabaseUrl.slice("file:".length), { readonly: true });
  try {
    seeded.exec(`VACUUM INTO '${folder}/app.db'`);
  } finally {
    seeded.close();
  }
  server = spawnServer(port, {
    DATABASE_URL: `file:./${folder}/app.db`,
    IMAGE_DIR: "./data/images",
    API_TOKEN: apiToken,
    SITE_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    CONTACT_RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    MAX_EVENT_LOOP_DELAY_MS: "0",
    RENDER_QUEUE_WAIT_MS: "60000",
    RENDER_PER_CLIENT: "0",
  });
  await server.ready(200_000);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function mailsTo(address: string, count: number): Promise<ReceivedMail[]> {
  let mails: ReceivedMail[] = [];
  await expect
    .poll(
      () => {
        mails = smtp.received.filter((mail) => mail.recipients.includes(address));
        return mails.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  return mails;
}

function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`${server.base}${path}\\?token=[A-Za-z0-9_.-]+`).exec(mail.decoded);
  if (!match) throw new Error(`no ${path} link in:\n${mail.decoded}`);
  return match[0];
}

const footerBox = (page: Page) => page.getByRole("contentinfo").locator("form.subscribe-form");

async function subscribeFromFooter(page: Page, address: string) {
  await page.goto(`${server.base}/about`);
  const form = footerBox(page);
  await form.getByRole("textbox").fill(address);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(`${server.base}/newsletter`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(page.getByRole("main").getByRole("status")).toContainText("a message is on its way");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const address = `reader-${javaScriptEnabled ? "js" : "nojs"}@example.com`;

    test("subscribe from the footer, confirm by the mailed link, unsubscribe in one click", async ({
      page,
    }) => {
      await subscribeFromFooter(page, address);
      // axe runs in the page: with JavaScript only (the pages are the same without).
      const axe = () => (javaScriptEnabled ? expectNoSeriousViolations(page) : Promise.resolve());
      await axe();
      const [mail] = await mailsTo(address, 1);
      expect(mail!.decoded).toContain("Please confirm your newsletter subscription");

      // Opening the link (a mail scanner) confirms nothing: a button does.
      await page.goto(linkIn(mail!, "/newsletter/confirm"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
      await axe();
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText(
        "Your subscription is confirmed",
      );
      await axe();
      // Used once: the link is spent.
      await page.goto(linkIn(mail!, "/newsletter/confirm"));
      await page.getByRole("button", { name: "Confirm my subscription" }).click();
      await expect(page.getByRole("main").getByRole("alert")).toContainText(
        "This link is not valid any more",
      );

      await page.goto(linkIn(mail!, "/newsletter/unsubscribe"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe");
      await axe();
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText(
        "You are unsubscribed",
      );
    });
  });
}

test("the home page's box subscribes too; a bad address is answered beside the box", async ({
  page,
}) => {
  await page.goto(`${server.base}/`);
  const box = page.getByRole("region", { name: "Subscribe to our newsletter" });
  await box.getByLabel("Your e-mail address").fill("home-box@example.com");
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await mailsTo("home-box@example.com", 1);

  // What the browser's own check lets through but the server refuses: the box again.
  const refused = await page.request.post(`${server.base}/newsletter`, {
    form: { email: "no-at-sign.example" },
  });
  expect(refused.status()).toBe(422);
  expect(refused.headers()["cache-control"]).toBe("no-store");
  const trapped = await page.request.post(`${server.base}/newsletter`, {
    form: { email: "bot@example.com", website: "http://spam.example" },
  });
  expect(trapped.status()).toBe(400);
});

test("a one-click unsubscribe (RFC 8058) is a POST without cookies or a page", async ({
  page,
  request,
}) => {
  const address = "one-click@example.com";
  await subscribeFromFooter(page, address);
  const [mail] = await mailsTo(address, 1);
  const unsubscribe = linkIn(mail!, "/newsletter/unsubscribe");
  const response = await request.post(unsubscribe, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("an owner lists, exports and deletes newsletter addresses", async ({ page }) => {
  const address = "listed@example.com";
  await subscribeFromFooter(page, address);

  const id = randomBytes(4).toString("hex");
  const email = `newsletter-owner-${id}@example.com`;
  const password = `owner password ${id}`;
  const printed = execFileSync(process.execPath, ["server/cli/users.ts", "add", "--owner", email], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: `file:./${folder}/app.db`,
      SITE_URL: server.base,
    },
    encoding: "utf8",
  });
  await page.goto(`${server.base}${setPasswordPath(printed)}`);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await signIn(page, email, password);

  await page.getByRole("link", { name: /^Newsletter:/ }).click();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toContainText("Waiting for confirmation");
  await expectNoSeriousViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export every address as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  const csv = await readFile(path!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("email,status,created_at,confirmed_at,unsubscribed_at");
  expect(csv).toContain(`${address},pending,`);

  await row.getByRole("button", { name: `Delete ${address}` }).click();
  await expect(page.getByRole("status")).toContainText("The address has been deleted");
  await expect(page.getByRole("row").filter({ hasText: address })).toHaveCount(0);

  await page.goto(`${server.base}/admin/audit`);
  await expect(
    page.getByRole("table").getByText("Newsletter address deleted").first(),
  ).toBeVisible();
});
