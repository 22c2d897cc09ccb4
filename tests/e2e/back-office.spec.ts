/**
 * The back office's accounts (decision 036), as staff use them: the first owner is added by
 * `npm run users`, sets a password, signs in and invites an agent, who sets theirs, signs in,
 * sees the agent's home and not the owner-only page, and signs out. Every admin page: axe
 * finds no serious or critical violation, at desktop and phone widths.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newOwner, setPasswordPath, signIn } from "./admin.ts";
import { baseURL, e2eDatabaseUrl, siteUrl } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";

test.describe.configure({ timeout: 120_000 });

/** Runs `npm run users -- …` against the e2e server's database. */
function usersCommand(...args: string[]): string {
  return execFileSync(process.execPath, ["server/cli/users.ts", ...args], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: e2eDatabaseUrl, SITE_URL: siteUrl },
    encoding: "utf8",
  });
}

async function setPassword(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?password=set$/);
  await expect(page.getByRole("status")).toHaveText("Your password is set. Sign in with it.");
}

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`an owner from the command line invites an agent, who cannot open owner pages (${label})`, async ({
    browser,
  }) => {
    const id = randomBytes(4).toString("hex");
    const ownerEmail = `owner-${id}@example.com`;
    const agentEmail = `agent-${id}@example.com`;
    const ownerPassword = `owner password ${id}`;
    const agentPassword = `agent password ${id}`;

    const printed = usersCommand("add", "--owner", ownerEmail);
    expect(printed).toContain(`Added owner ${ownerEmail}.`);

    const owner = await newPage(browser, width);
    await setPassword(owner, setPasswordPath(printed), ownerEmail, ownerPassword);
    await expectNoSeriousViolations(owner);
    // A wrong password: the message beside the form, and still signed out.
    await owner.getByLabel("E-mail address").fill(ownerEmail);
    await owner.getByLabel("Password").fill("not the password");
    await owner.getByRole("button", { name: "Sign in" }).click();
    await expect(owner.getByRole("alert")).toHaveText(
      "The e-mail address or password is not right.",
    );
    await expectNoSeriousViolations(owner);
    await signIn(owner, ownerEmail, ownerPassword);
    await expect(owner.getByText(ownerEmail).first()).toBeVisible();
    await expect(owner.locator(".admin-facts")).toContainText("Owner");
    await expectNoSeriousViolations(owner);

    await owner.getByRole("link", { name: "Staff", exact: true }).click();
    await expect(owner.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
    await owner.getByRole("button", { name: "Invite" }).click();
    await expect(owner.getByText("Enter an e-mail address.")).toBeVisible();
    await expectNoSeriousViolations(owner);
    await owner.getByLabel("E-mail address").fill(agentEmail);
    await owner.getByLabel("Agent").check();
    await owner.getByRole("button", { name: "Invite" }).click();
    const invited = owner.getByRole("status");
    await expect(invited).toContainText(`${agentEmail} is invited.`);
    await expect(owner.getByRole("row", { name: new RegExp(agentEmail) })).toContainText("Invited");
    await expectNoSeriousViolations(owner);
    const agentLink = setPasswordPath((await invited.textContent()) ?? "");

    const agent = await newPage(browser, width);
    await setPassword(agent, agentLink, agentEmail, agentPassword);
    await signIn(agent, agentEmail, agentPassword);
    await expect(agent.locator(".admin-facts")).toContainText("Agent");
    await expect(agent.getByRole("link", { name: "Staff", exact: true })).toHaveCount(0);
    await agent.goto("/admin/staff");
    await expect(agent.getByText("Only an owner can open this page.")).toBeVisible();
    await expectNoSeriousViolations(agent);

    await agent.goto("/admin/");
    await agent.getByRole("button", { name: "Sign out", exact: true }).first().click();
    await expect(agent).toHaveURL(/\/admin\/sign-in$/);
    await agent.goto("/admin/");
    await expect(agent).toHaveURL(/\/admin\/sign-in$/);
    // A link into the back office leads there once signed in again.
    await agent.goto("/admin/enquiries?status=new");
    await expect(agent).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fenquiries%3Fstatus%3Dnew$/);
    await agent.getByLabel("E-mail address").fill(agentEmail);
    await agent.getByLabel("Password").fill(agentPassword);
    await agent.getByRole("button", { name: "Sign in" }).click();
    await expect(agent).toHaveURL(/\/admin\/enquiries\?status=new$/);
    // The owner's session is the owner's own: still signed in.
    await owner.goto("/admin/");
    await expect(owner.locator(".admin-facts")).toContainText(ownerEmail);
  });
}

/** A new agent, added by `npm run users`, with a password set and signed in. */
async function newAgent(page: Page) {
  const id = randomBytes(4).toString("hex");
  const email = `frame-agent-${id}@example.com`;
  const password = `agent password ${id}`;
  await setPassword(page, setPasswordPath(usersCommand("add", "--agent", email)), email, password);
  await signIn(page, email, password);
}

test("the frame: every menu item in view on a phone, the account on one row at 1280 px", async ({
  browser,
}) => {
  const page = await newPage(browser, 1280);
  const email = await newOwner(page, "frame");
  const menu = page.getByRole("navigation", { name: "Back office" });
  const links = menu.getByRole("link");
  await expect(links).toHaveCount(13);
  // 1280 px: the menu is one row, and the owner's address, role and Sign out another, above it.
  const boxes = await Promise.all((await links.all()).map((link) => link.boundingBox()));
  expect(new Set(boxes.map((box) => box?.y)).size).toBe(1);
  const header = page.getByRole("banner");
  const address = await header.getByText(email).boundingBox();
  const signOut = await header.getByRole("button", { name: "Sign out" }).boundingBox();
  if (!address || !signOut || !boxes[0]) throw new Error("the frame shows the account");
  expect(Math.abs(address.y + address.height / 2 - (signOut.y + signOut.height / 2))).toBeLessThan(
    4,
  );
  expect(signOut.y + signOut.height).toBeLessThanOrEqual(boxes[0].y);

  // 390 px: every item within the viewport, none scrolled out of sight.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    const name = await link.textContent();
    expect(box, `${name} has a box`).not.toBeNull();
    expect(box!.x, `${name}'s left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name}'s right edge`).toBeLessThanOrEqual(390);
    expect(box!.y + box!.height, `${name}'s bottom edge`).toBeLessThanOrEqual(844);
  }
  await expect(header.getByRole("button", { name: "Sign out" })).toBeInViewport();
  await expectNoSeriousViolations(page);
  await page.context().close();
});

test("an agent's home has no owner-only section, and a refusal keeps the menu and Sign out", async ({
  browser,
}) => {
  const agent = await newPage(browser, 1280);
  await newAgent(agent);
  await expect(agent.getByRole("heading", { name: "The site's content" })).toBeVisible();
  await expect(agent.getByRole("heading", { name: "Running the office" })).toHaveCount(0);

  const refused = await agent.goto("/admin/audit");
  expect(refused?.status()).toBe(403);
  await expect(agent.getByRole("heading", { name: "Not allowed", level: 1 })).toBeVisible();
  const menu = agent.getByRole("navigation", { name: "Back office" });
  await expect(menu.getByRole("link", { name: "Listings" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(agent.getByRole("banner").getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoSeriousViolations(agent);
  await agent.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(agent).toHaveURL(/\/admin\/sign-in$/);
  await agent.context().close();
});
