/**
 * Staff accounts in the browser (decision 063), as an owner cares for them: a new set-password
 * link (shown as text with a "Copy link" button, never a link to follow) that the member of
 * staff sets a password with and signs in; removing access, after which their session is
 * refused; and changing one's own password, which ends one's other sessions.
 */
import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { newOwner, setPasswordAndSignIn, setPasswordPath, signIn } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

test.describe.configure({ timeout: 120_000 });

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** Invites an agent on the staff page and answers the link it shows. */
async function invite(owner: Page, email: string): Promise<string> {
  await gotoHydrated(owner, "/admin/staff");
  await owner.getByLabel("E-mail address").fill(email);
  await owner.getByLabel("Agent").check();
  await owner.getByRole("button", { name: "Invite" }).click();
  const invited = owner.getByRole("status");
  await expect(invited).toContainText(`${email} is invited.`);
  // Text to copy, not a link: the owner must not use it up by clicking it.
  await expect(invited.getByRole("link")).toHaveCount(0);
  return setPasswordPath((await invited.locator("code").textContent()) ?? "");
}

test("an owner gives a member of staff a new set-password link, which they set a password with", async ({
  page,
  browser,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await newOwner(page, "staff");
  const id = randomBytes(4).toString("hex");
  const email = `forgetful-${id}@example.com`;
  const firstLink = await invite(page, email);
  const agent = await newPage(browser);
  await setPasswordAndSignIn(agent, firstLink, email, `first password ${id}`);

  // They forget it: the owner makes a new link from the account's row.
  await gotoHydrated(page, "/admin/staff");
  const row = page.getByRole("row", { name: new RegExp(email) });
  await row.getByRole("button", { name: /New set-password link/ }).click();
  const notice = page.getByRole("status");
  await expect(notice).toContainText(`A new set-password link for ${email}.`);
  await expect(notice.getByRole("link")).toHaveCount(0);
  await notice.getByRole("button", { name: "Copy link" }).click();
  await expect(notice.getByText(/Link copied\.|The link is selected/)).toBeVisible();
  const newLink = setPasswordPath((await notice.locator("code").textContent()) ?? "");
  expect(newLink).not.toBe(firstLink);
  await expectNoSeriousViolations(page);

  const later = await newPage(browser);
  await later.goto(firstLink);
  await expect(later.getByRole("alert")).toContainText("Ask an owner for a new one.");
  await later.goto("/admin/sign-in");
  await expect(
    later.getByText("Forgot your password? Ask an owner for a new set-password link."),
  ).toBeVisible();
  await setPasswordAndSignIn(later, newLink, email, `second password ${id}`);
  await expect(later.locator(".admin-facts")).toContainText(email);
});

test("an owner removes a member of staff's access after asking: their session is refused", async ({
  page,
  browser,
}) => {
  await newOwner(page, "staff");
  const id = randomBytes(4).toString("hex");
  const email = `leaver-${id}@example.com`;
  const link = await invite(page, email);
  const leaver = await newPage(browser);
  await setPasswordAndSignIn(leaver, link, email, `leaver password ${id}`);

  // Made an owner, then an agent again.
  await gotoHydrated(page, "/admin/staff");
  const row = () => page.getByRole("row", { name: new RegExp(email) });
  await row()
    .getByRole("button", { name: /Make owner/ })
    .click();
  await expect(page.getByRole("status")).toHaveText(`${email} is now an owner.`);
  await expect(row()).toContainText("Owner");
  await row()
    .getByRole("button", { name: /Make agent/ })
    .click();
  await expect(page.getByRole("status")).toHaveText(`${email} is now an agent.`);

  await row()
    .getByRole("link", { name: /Remove access/ })
    .click();
  await expect(page.getByRole("heading", { name: `Remove the access of ${email}?` })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Keep their access" }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await row()
    .getByRole("link", { name: /Remove access/ })
    .click();
  await page.getByRole("button", { name: "Remove access" }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole("status")).toContainText(`${email} no longer has access`);
  await expect(row()).toHaveCount(0);

  await leaver.goto("/admin/");
  await expect(leaver).toHaveURL(/\/admin\/sign-in$/);
  await leaver.getByLabel("E-mail address").fill(email);
  await leaver.getByLabel("Password").fill(`leaver password ${id}`);
  await leaver.getByRole("button", { name: "Sign in" }).click();
  await expect(leaver.getByRole("alert")).toHaveText(
    "The e-mail address or password is not right.",
  );
});

test("a member of staff changes their password: their other sessions end, this one stays", async ({
  page,
  browser,
}) => {
  const email = await newOwner(page, "password");
  const oldPassword = `owner password ${/owner-(\w+)@/.exec(email)?.[1]}`;
  const phone = await newPage(browser);
  await phone.goto("/admin/sign-in");
  await signIn(phone, email, oldPassword);

  await page.getByRole("link", { name: "Change your password" }).click();
  await expect(page.getByRole("heading", { name: "Change your password" })).toBeVisible();
  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill("my new long password");
  await page.getByLabel("New password again").fill("my new long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel("Current password").fill(oldPassword);
  await page.getByLabel("New password", { exact: true }).fill("my new long password");
  await page.getByLabel("New password again").fill("my new long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed.");
  await expect(page.getByLabel("Current password")).toHaveValue("");

  await page.goto("/admin/");
  await expect(page).toHaveURL(/\/admin\/$/);
  await phone.goto("/admin/");
  await expect(phone).toHaveURL(/\/admin\/sign-in$/);
  await signIn(phone, email, "my new long password");
});
