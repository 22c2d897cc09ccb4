/**
 * Search alerts, the visitor's side (decision 055), with and without JavaScript: save the
 * current search from /search (answering its puzzle: read by the form's script, or asked by
 * the first post), a wrong answer refused beside the puzzle, open the confirmation mail's link and confirm, manage the
 * address's alerts (delete one), unsubscribe (the page's button and RFC 8058's one-click
 * POST); axe on each new page. Its own server, with SMTP_URL pointing at an SMTP server
 * started here, so the mails are real.
 */
import { rm } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { freePort, type ServerProcess, spawnServer } from "../support/server-process.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../support/smtp.ts";
import { apiToken } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let smtp: TestSmtpServer;
let server: ServerProcess;
let folder: string;

test.beforeAll(async () => {
  // The first start seeds the demo; its photos are the shared e2e server's (already drawn).
  test.setTimeout(240_000);
  smtp = await startSmtpServer();
  const port = await freePort();
  folder = `data/e2e-alerts-${port}`;
  server = spawnServer(port, {
    DATABASE_URL: `file:./${folder}/app.db`,
    // The e2e server's photos, drawn once (a folder of its own cost about 40 s of CPU a run).
    IMAGE_DIR: "./data/images",
    API_TOKEN: apiToken,
    // Links in the mails lead back to this server.
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

/** The mails received for `address` so far, waiting until there are `count`. */
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

/** Answers the form's puzzle ('What is 3 + 5?') right, or with `answer`. */
async function answerPuzzle(form: Locator, answer?: string) {
  const question = form.getByText(/^What is \d \+ \d\?$/);
  await expect(question).toBeVisible();
  const [, num1, num2] = /(\d) \+ (\d)/.exec((await question.textContent()) ?? "") ?? [];
  await form
    .getByRole("textbox", { name: /^What is/ })
    .fill(answer ?? String(Number(num1) + Number(num2)));
}

const alertForm = (page: Page) => page.getByRole("region", { name: "E-mail me new matches" });

/**
 * Saves the search at `searchPath` for `address` from the /search form: with JavaScript the
 * form shows its puzzle once read; without, the first post is answered with it (the address
 * kept), and the second saves.
 */
async function saveSearch(
  page: Page,
  searchPath: string,
  address: string,
  description: string,
  javaScript = true,
) {
  await page.goto(`${server.base}${searchPath}`);
  const form = alertForm(page);
  await expect(form).toContainText(`Your search: ${description}`);
  await form.getByLabel("Your e-mail address").fill(address);
  if (javaScript) {
    await answerPuzzle(form);
  } else {
    await expect(form.getByText(/^What is/)).toHaveCount(0);
    await form.getByRole("button", { name: "E-mail me new matches" }).click();
    await expect(page.getByRole("main").getByRole("alert").first()).toContainText(
      "Answer the puzzle below to save your alert.",
    );
    await expect(form).toContainText(`Your search: ${description}`);
    await expect(form.getByLabel("Your e-mail address")).toHaveValue(address);
    await answerPuzzle(form);
  }
  await form.getByRole("button", { name: "E-mail me new matches" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await expect(page.getByRole("main").getByRole("status")).toContainText("a message is on its way");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    const address = `visitor-${javaScriptEnabled ? "js" : "nojs"}@example.com`;

    test("save, confirm, manage and unsubscribe", async ({ page }) => {
      await saveSearch(page, "/search?status=For+Sale", address, "For Sale", javaScriptEnabled);
      if (javaScriptEnabled) await expectNoSeriousViolations(page);
      await saveSearch(
        page,
        "/search?status=For+Rent&bedrooms=2",
        address,
        "For Rent, 2+ bedrooms",
        javaScriptEnabled,
      );
      const [forSale, forRent] = await mailsTo(address, 2);
      // Mails name typed filters without quoting them (decision 066).
      expect(forSale!.decoded).toContain("your chosen status.");
      expect(forRent!.decoded).toContain("your chosen status, 2+ bedrooms");

      // The link only shows a button: opening it (a mail scanner) confirms nothing.
      await page.goto(linkIn(forSale!, "/alerts/confirm"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your alert");
      if (javaScriptEnabled) await expectNoSeriousViolations(page);
      await page.getByRole("button", { name: "Confirm my alert" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText(
        "Your alert is confirmed",
      );

      await page.goto(linkIn(forSale!, "/alerts/manage"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your property alerts");
      await expect(page.getByText(address)).toBeVisible();
      const items = page.locator(".alert-list__item");
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toContainText("For Sale");
      await expect(items.nth(0)).toContainText("Confirmed");
      await expect(items.nth(1)).toContainText("Waiting for confirmation");
      if (javaScriptEnabled) await expectNoSeriousViolations(page);
      await page.getByRole("button", { name: "Delete the alert For Rent, 2+ bedrooms" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText(
        "The alert has been deleted.",
      );
      await expect(items).toHaveCount(1);

      await page.goto(linkIn(forSale!, "/alerts/unsubscribe"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe");
      if (javaScriptEnabled) await expectNoSeriousViolations(page);
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("main").getByRole("status")).toContainText(
        "You are unsubscribed",
      );

      // Nothing is left for this address: the manage link says so, and nothing else.
      await page.goto(linkIn(forSale!, "/alerts/manage"));
      await expect(page.getByRole("main").getByRole("alert")).toContainText(
        "This link is not valid any more",
      );
      await expect(page.getByText(address)).toHaveCount(0);
      // No other mail went to the address.
      expect(smtp.received.filter((mail) => mail.recipients.includes(address))).toHaveLength(2);
    });
  });
}

test("a one-click unsubscribe (RFC 8058) is a POST without cookies or a page", async ({
  page,
  request,
}) => {
  const address = "one-click@example.com";
  await saveSearch(page, "/search?location=New+York", address, "in New York");
  const [mail] = await mailsTo(address, 1);
  const unsubscribe = linkIn(mail!, "/alerts/unsubscribe");
  const response = await request.post(unsubscribe, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const again = await request.post(unsubscribe, { form: { "List-Unsubscribe": "One-Click" } });
  expect(again.status()).toBe(404);
});

test("the same answer whether or not the address has alerts; a filled honeypot saves nothing", async ({
  page,
  request,
}) => {
  const address = "twice@example.com";
  await saveSearch(page, "/search?status=For+Sale", address, "For Sale");
  const first = await page.getByRole("main").getByRole("status").textContent();
  await saveSearch(page, "/search?status=For+Sale", address, "For Sale");
  expect(await page.getByRole("main").getByRole("status").textContent()).toBe(first);
  // One confirmation a day for one alert.
  await mailsTo(address, 1);

  const trapped = await request.post(`${server.base}/alerts`, {
    form: { email: "bot@example.com", query: "", website: "http://spam.example" },
  });
  expect(trapped.status()).toBe(400);
  await new Promise((wait) => setTimeout(wait, 500));
  expect(smtp.received.filter((mail) => mail.recipients.includes("bot@example.com"))).toEqual([]);
});

test("a wrong answer to the puzzle saves nothing and says so beside it; the new puzzle saves", async ({
  page,
}) => {
  const address = "puzzled@example.com";
  await page.goto(`${server.base}/search?status=For+Rent`);
  const form = alertForm(page);
  await form.getByLabel("Your e-mail address").fill(address);
  await answerPuzzle(form, "17");
  await form.getByRole("button", { name: "E-mail me new matches" }).click();
  const answer = form.getByRole("textbox", { name: /^What is/ });
  await expect(answer).toHaveAttribute("aria-invalid", "true");
  await expect(answer).toHaveAccessibleDescription("Answer provided to puzzle is not correct");
  await expect(form.getByLabel("Your e-mail address")).toHaveValue(address);
  await expectNoSeriousViolations(page);
  await answerPuzzle(form);
  await form.getByRole("button", { name: "E-mail me new matches" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  await mailsTo(address, 1);
});
