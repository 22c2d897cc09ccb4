/**
 * The photo manager (decision 056) in Chromium: several files chosen at once upload with their
 * progress shown (a refused one named with its reason), a photo moves by keyboard (focus stays
 * on its button) and by dragging, one becomes the cover with its alt text, an old one is
 * removed, and the public page shows the new cover with that alt text at once. axe finds no
 * serious or critical violation at 1280 and 390 px. Floor plans on the same page (decision 052's
 * addenda) are dropped in with their progress shown, ordered by keyboard and by dragging,
 * labelled and removed; a stale page's save is refused keeping what was typed; two staff
 * describing one listing's photos lose no alt text (decision 056's addendum); the public Floor
 * Plans tab shows the saved order and labels at once; without JavaScript plans upload with a
 * label and a move button saves one step. Screenshots go to E2E_SCREENSHOTS when
 * it is set.
 */
import { createHash } from "node:crypto";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { buildPdfBytes, buildPhotoBytes } from "../support/factories.ts";
import { newListing, newOwner } from "./admin.ts";
import { baseURL } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";
import { keepScreenshot } from "./screenshots.ts";

// One after the other: each adds a generated listing, and two such adds at once may race.
test.describe.configure({ mode: "default", timeout: 120_000 });

/** An uploaded file's stored name: the SHA-256 of its bytes (server/photos/photo-store.ts). */
const storedName = (file: { name: string; buffer: Buffer }) =>
  `${createHash("sha256").update(file.buffer).digest("hex")}.${file.name.split(".").pop()}`;

/** The files of the manager's list, in order. */
function order(page: Page): Promise<string[]> {
  return page
    .locator(".admin-photos__list > li")
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.file ?? ""));
}

/**
 * The uploads shown in `scope`: each of `files` with a full progress bar and "Uploaded.", and
 * one more file refused with `refusal` (its name first) and no progress bar.
 */
async function expectUploads(
  scope: Page | Locator,
  files: readonly { name: string }[],
  refusal: string,
) {
  const uploads = scope.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("listitem")).toHaveCount(files.length + 1);
  for (const file of files) {
    await expect(uploads.getByRole("listitem").filter({ hasText: file.name })).toContainText(
      "Uploaded.",
    );
  }
  const refused = refusal.split(" ")[0] ?? "";
  await expect(uploads.getByRole("listitem").filter({ hasText: refused })).toContainText(refusal);
  await expect(uploads.locator("progress")).toHaveCount(files.length);
  for (const bar of await uploads.locator("progress").all()) {
    await expect(bar).toHaveAttribute("value", "100");
  }
}

test("staff upload, order, choose the cover, describe and remove photos", async ({ browser }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await newOwner(page, "photos");
  const listing = await newListing();

  await page.goto(`/admin/listings/${listing.code}/edit`);
  await page.getByRole("link", { name: "Manage photos" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/listings/${listing.code}/photos$`));
  await gotoHydrated(page, `/admin/listings/${listing.code}/photos`);
  const before = await order(page);
  expect(before.length).toBeGreaterThan(0);

  // The first is the largest, so it takes longest to process: it must still come first.
  const files = await Promise.all(
    ["#e63946", "#2a9d8f", "#f4a261"].map(async (color, index) => ({
      name: `room-${index + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await buildPhotoBytes(
        index === 0 ? { color, width: 3600, height: 2400 } : { color, width: 900, height: 600 },
      ),
    })),
  );
  await page
    .getByLabel("Choose photos")
    .setInputFiles([
      ...files,
      { name: "floor.txt", mimeType: "image/jpeg", buffer: Buffer.from("not a photo") },
    ]);
  await expectUploads(page, files, "floor.txt is not a JPEG, PNG, WebP or AVIF image.");
  await expect(page.getByRole("heading", { name: `${before.length + 3} photos` })).toBeVisible();
  // With JavaScript, choosing files uploads them: no Upload button.
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeHidden();
  // In the order chosen, whichever upload's processing ends first.
  const added = (await order(page)).slice(before.length);
  expect(added).toEqual(files.map(storedName));
  await keepScreenshot(page, "photos-uploaded-1280");

  // By keyboard: the last photo moves up twice; its button keeps the focus.
  const last = before.length + 3;
  await page.getByRole("button", { name: `Move photo ${last} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Move photo ${last - 1} up` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Photo moved to position ${last - 2} of ${last}.`)).toBeAttached();
  const moved = await order(page);
  expect(moved.slice(-3)).toEqual([added[2], added[0], added[1]]);

  // By dragging: the first new photo dropped on the cover goes just after it (the cover stays
  // first; both in view: a drag cannot scroll). Several moves between press and release, as a
  // hand makes: a single move may start the drag without a dragover on the target, so the drop
  // is refused (seen on a loaded machine).
  await page.setViewportSize({ width: 1280, height: 2400 });
  const firstNew = page.locator(`.admin-photos__list > li[data-file="${added[0]}"]`);
  const coverPhoto = page.locator(".admin-photos__list > li").first().locator("img");
  const orderBeforeDrag = await order(page);
  // A drop the synthetic drag lost leaves the order as it was: only then is the drag made again.
  await expect(async () => {
    if ((await order(page)).join() === orderBeforeDrag.join()) {
      await firstNew.locator("img").dragTo(coverPhoto, { steps: 10 });
    }
    await expect
      .poll(async () => (await order(page)).slice(0, 2), { timeout: 3_000 })
      .toEqual([before[0], added[0]]);
  }).toPass({ timeout: 20_000 });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Made the cover, the new photo moves to the top; the focus stays on its choice.
  await firstNew.getByLabel("Cover photo").check();
  await expect.poll(async () => (await order(page))[0]).toBe(added[0]);
  await expect(firstNew.getByLabel("Cover photo")).toBeFocused();
  await expect(page.getByRole("button", { name: "Move photo 1 up" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  // Its alt text; the old cover is removed.
  const top = page.locator(".admin-photos__list > li").first();
  await top.getByLabel("Alt text of photo 1").fill("Bright living room with a red wall");
  const oldCover = page.locator(`.admin-photos__list > li[data-file="${before[0]}"]`);
  await oldCover.getByLabel("Remove").check();
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "photos-1280");
  await page.getByRole("button", { name: "Save photos" }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/listings/${listing.code}/photos\\?done=saved&at=\\d+$`),
  );
  await expect(page.getByRole("status").filter({ hasText: "The photos are saved" })).toBeVisible();
  // The list starts again from what is stored in the render after the notice's (an effect).
  await expect.poll(async () => (await order(page)).length).toBe(before.length + 2);
  const saved = await order(page);
  expect(saved[0]).toBe(added[0]);
  expect(saved).not.toContain(before[0]);
  await expect(page.getByLabel("Alt text of photo 1")).toHaveValue(
    "Bright living room with a red wall",
  );

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "photos-390");
  await keepScreenshot(page, "photos-390-top");

  // The public page shows the new cover with its alt text, and its derivative loads.
  const visitor = await context.newPage();
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.goto(`/property/${listing.slug}`);
  const cover = visitor.locator(".thumbnail-gallery__cover img");
  await expect(cover).toHaveAttribute("alt", /^Bright living room with a red wall \(image 1 of/);
  await expect(cover).toHaveAttribute("src", new RegExp(`/images/property/${added[0]}`));
  await expect
    .poll(() => cover.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await keepScreenshot(visitor, "public-page-1280");
  // The gallery's script labels each photo with its own alt text, the headline's otherwise.
  await gotoHydrated(visitor, `/property/${listing.slug}`);
  const total = saved.length;
  await visitor.getByRole("button", { name: `Show image 1 of ${total}` }).focus();
  await visitor.keyboard.press("ArrowRight");
  await expect(visitor.locator(".thumbnail-gallery__cover img")).toHaveAttribute(
    "alt",
    `${listing.headline} (image 2 of ${total})`,
  );
  await visitor.keyboard.press("ArrowLeft");
  await expect(visitor.locator(".thumbnail-gallery__cover img")).toHaveAttribute(
    "alt",
    `Bright living room with a red wall (image 1 of ${total})`,
  );

  // The audit log has both changes.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/audit?subject=${listing.code}`);
  await expect(page.locator("tbody")).toContainText("Photos changed");
  await expect(page.locator("tbody")).toContainText("Photos added");
  await context.close();
});

/** The files of the floor plans' list, in order. */
function planOrder(page: Page): Promise<string[]> {
  return page
    .locator(".admin-floor-plans .admin-photos__list > li")
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.file ?? ""));
}

/** Drops files on `selector` as a browser does when files are dragged in from the desktop. */
async function dropFiles(
  page: Page,
  selector: string,
  files: readonly { name: string; mimeType: string; buffer: Buffer }[],
) {
  const dataTransfer = await page.evaluateHandle(
    (sent) => {
      const transfer = new DataTransfer();
      for (const file of sent) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map((file) => ({
      name: file.name,
      mimeType: file.mimeType,
      base64: file.buffer.toString("base64"),
    })),
  );
  await page.dispatchEvent(selector, "dragover", { dataTransfer });
  await page.dispatchEvent(selector, "drop", { dataTransfer });
}

test("staff drop floor plans, order, label and remove them; the public Floor Plans tab follows", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await newOwner(page, "plans");
  const listing = await newListing();
  const url = `/admin/listings/${listing.code}/photos`;
  await gotoHydrated(page, url);
  const section = page.getByRole("region", { name: "Floor plans" });
  await expect(section.getByRole("heading", { name: "No floor plans yet" })).toBeVisible();

  const files = [
    {
      name: "ground.png",
      mimeType: "image/png",
      buffer: await buildPhotoBytes({ width: 480, height: 360, format: "png", color: "#264653" }),
    },
    {
      name: "upper.png",
      mimeType: "image/png",
      buffer: await buildPhotoBytes({ width: 480, height: 360, format: "png", color: "#e9c46a" }),
    },
    { name: "site.pdf", mimeType: "application/pdf", buffer: buildPdfBytes("e2e site plan") },
  ];
  const [ground, upper, site] = files.map(storedName) as [string, string, string];
  // Dropped from the desktop, with a file that is no plan.
  await dropFiles(page, ".admin-floor-plans .admin-photos__drop", [
    ...files,
    { name: "sketch.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg/>") },
  ]);
  await expectUploads(section, files, "sketch.svg is not a JPEG, PNG, WebP, AVIF or PDF file.");
  await expect(section.getByRole("heading", { name: "3 floor plans" })).toBeVisible();
  // With JavaScript the label is given in the list: no label field, no Upload button.
  await expect(section.getByLabel("Label (optional)")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Upload floor plans" })).toBeHidden();
  // In the order dropped.
  expect(await planOrder(page)).toEqual([ground, upper, site]);

  // A second page open on the listing: its save will be stale.
  const other = await context.newPage();
  await gotoHydrated(other, url);

  // By keyboard: the last plan moves up twice; its button keeps the focus; announced.
  const before = await planOrder(page);
  await section.getByRole("button", { name: "Move plan 3 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("button", { name: "Move plan 2 up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(section.getByRole("button", { name: "Move plan 1 up" })).toBeFocused();
  await expect(section.getByText("Floor plan moved to position 1 of 3.")).toBeAttached();
  expect(await planOrder(page)).toEqual([before[2], before[0], before[1]]);

  // By dragging (all in view: a drag cannot scroll), held by the item's edge: the last plan
  // onto the first's place.
  await page.setViewportSize({ width: 1280, height: 2400 });
  const item = (file: string) =>
    page.locator(`.admin-floor-plans .admin-photos__list > li[data-file="${file}"]`);
  const places = page.locator(".admin-floor-plans .admin-photos__list > li");
  const keyed = await planOrder(page);
  await places.nth(2).dragTo(places.nth(0), {
    sourcePosition: { x: 4, y: 4 },
    targetPosition: { x: 4, y: 4 },
    steps: 5,
  });
  const dragged = [keyed[2], keyed[0], keyed[1]] as string[];
  await expect.poll(() => planOrder(page)).toEqual(dragged);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Labels, and the PDF removed.
  await item(ground).getByRole("textbox").fill("Ground floor");
  await item(upper).getByRole("textbox").fill("First floor");
  await item(site).getByLabel("Remove").check();
  await expect(item(site)).toContainText("Removed when you save");
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "floor-plans-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page);
  await keepScreenshot(page, "floor-plans-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  await section.getByRole("button", { name: "Save floor plans" }).click();
  await expect(page).toHaveURL(new RegExp(`${url}\\?done=plans-saved&at=\\d+$`));
  await expect(
    page.getByRole("status").filter({ hasText: "The floor plans are saved" }),
  ).toBeVisible();
  const saved = dragged.filter((file) => file !== site);
  const labels = saved.map((file) => (file === ground ? "Ground floor" : "First floor"));
  // The list starts again from what is stored in the render after the notice's (an effect).
  await expect.poll(() => planOrder(page)).toEqual(saved);
  await expect(item(ground).getByRole("textbox")).toHaveValue("Ground floor");
  await expect(item(upper).getByRole("textbox")).toHaveValue("First floor");

  // The stale page's save is refused; what was typed there stays, over the saved plans.
  const otherSection = other.getByRole("region", { name: "Floor plans" });
  const otherGround = other.locator(`.admin-floor-plans li[data-file="${ground}"]`);
  await otherGround.getByRole("textbox").fill("Lower ground");
  await otherSection.getByRole("button", { name: "Save floor plans" }).click();
  await expect(otherSection.getByRole("alert")).toContainText(
    "Someone changed this listing since you opened the page, so the floor plans were not saved.",
  );
  await expect(otherGround.getByRole("textbox")).toHaveValue("Lower ground");
  // Its order over the plans still stored (the PDF was removed by the first save).
  await expect.poll(() => planOrder(other)).toEqual(before.filter((file) => file !== site));
  await other.close();

  // The public page shows the saved plans, in their order, with their labels, at once.
  const visitor = await context.newPage();
  await gotoHydrated(visitor, `/property/${listing.slug}`);
  await visitor.getByRole("tab", { name: "Floor Plans" }).click();
  const panel = visitor.getByRole("tabpanel", { name: "Floor Plans" });
  await expect(panel.locator(".floor-plans__label")).toHaveText(labels);
  const plan = panel.getByRole("img", { name: "Floor plan: Ground floor" });
  await expect
    .poll(() => plan.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(plan).toHaveAttribute("src", new RegExp(ground));
  await keepScreenshot(visitor, "floor-plans-public-1280");

  // The audit log has the upload and the save.
  await page.goto(`/admin/audit?subject=${listing.code}`);
  await expect(page.locator("tbody")).toContainText("Floor plans added");
  await expect(page.locator("tbody")).toContainText("Floor plans changed");
  await context.close();
});

test("what is typed in one list stays through an upload and a save of the other list", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await newOwner(page, "both-lists");
  const listing = await newListing();
  const url = `/admin/listings/${listing.code}/photos`;
  await gotoHydrated(page, url);
  const photoAlt = page.getByLabel("Alt text of photo 1");
  await photoAlt.fill("Saved first");
  await page.getByRole("button", { name: "Save photos" }).click();
  await expect(page).toHaveURL(new RegExp(`${url}\\?done=saved&at=\\d+$`));
  await photoAlt.fill("Typed after that, not saved yet");

  // A plan uploaded: the page's data is loaded again, and the typed alt text stays.
  const plan = {
    name: "cellar.png",
    mimeType: "image/png",
    buffer: await buildPhotoBytes({ width: 400, height: 300, format: "png", color: "#2a9d8f" }),
  };
  const section = page.getByRole("region", { name: "Floor plans" });
  const plansBefore = (await planOrder(page)).length;
  await dropFiles(page, ".admin-floor-plans .admin-photos__drop", [plan]);
  await expect.poll(async () => (await planOrder(page)).length).toBe(plansBefore + 1);
  await expect(photoAlt).toHaveValue("Typed after that, not saved yet");

  // The plans saved: the photos' typed alt text stays; the plans show what is stored.
  const last = plansBefore + 1;
  await section.getByLabel(`Label of plan ${last}`).fill("Cellar");
  await section.getByRole("button", { name: "Save floor plans" }).click();
  await expect(page).toHaveURL(new RegExp(`${url}\\?done=plans-saved&at=\\d+$`));
  await expect(section.getByLabel(`Label of plan ${last}`)).toHaveValue("Cellar");
  await expect(photoAlt).toHaveValue("Typed after that, not saved yet");

  // Saved again with the label emptied: the list shows the label it was given.
  await section.getByLabel(`Label of plan ${last}`).fill("");
  await section.getByRole("button", { name: "Save floor plans" }).click();
  await expect(section.getByLabel(`Label of plan ${last}`)).toHaveValue(`Floor plan ${last}`);
  await expect(photoAlt).toHaveValue("Typed after that, not saved yet");

  // The photos saved in turn keep the alt text.
  await page.getByRole("button", { name: "Save photos" }).click();
  // The notice of the plans' save is still shown: the address says the photos' save is done.
  await expect(page).toHaveURL(new RegExp(`${url}\\?done=saved&at=\\d+$`));
  await page.reload();
  await expect(page.getByLabel("Alt text of photo 1")).toHaveValue(
    "Typed after that, not saved yet",
  );
  await context.close();
});

test("two staff describing one listing's photos: no typed alt text is dropped", async ({
  browser,
}) => {
  const listing = await newListing();
  const url = `/admin/listings/${listing.code}/photos`;
  const staff = async (prefix: string) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = await newOwner(page, prefix);
    await gotoHydrated(page, url);
    return { context, page, email };
  };
  const mine = await staff("alt-mine");
  const theirs = await staff("alt-theirs");

  await theirs.page.getByLabel("Alt text of photo 2").fill("Their kitchen");
  await theirs.page.getByLabel("Alt text of photo 3").fill("Their garden");
  await theirs.page.getByRole("button", { name: "Save photos" }).click();
  await expect(theirs.page).toHaveURL(new RegExp(`${url}\\?done=saved&at=\\d+$`));

  // Typed on a page opened before their save: photo 1 only here, photo 2 both.
  await mine.page.getByLabel("Alt text of photo 1").fill("My front door");
  await mine.page.getByLabel("Alt text of photo 2").fill("My kitchen");
  await mine.page.getByRole("button", { name: "Save photos" }).click();
  const refusal = mine.page.getByRole("alert");
  await expect(refusal).toContainText(
    "Not saved yet: you and a colleague both changed the alt text of 1 photo",
  );
  await expect(refusal).toContainText(`${theirs.email} at `);
  await expect(mine.page.getByLabel("Alt text of photo 1")).toHaveValue("My front door");
  await expect(mine.page.getByLabel("Alt text of photo 2")).toHaveValue("My kitchen");
  await expect(mine.page.getByLabel("Alt text of photo 3")).toHaveValue("Their garden");
  const choice = mine.page.getByRole("group", { name: "Alt text: you both changed it" });
  await expect(choice).toHaveCount(1);
  await expect(choice.getByRole("radio", { name: "Keep mine My kitchen" })).toBeVisible();
  await expectNoSeriousViolations(mine.page);
  await choice.getByRole("radio", { name: "Keep theirs Their kitchen" }).check();
  await mine.page.getByRole("button", { name: "Save photos" }).click();
  await expect(mine.page).toHaveURL(new RegExp(`${url}\\?done=merged&at=\\d+$`));
  await expect(mine.page.getByRole("status")).toContainText(`${theirs.email} at `);
  await expect(mine.page.getByLabel("Alt text of photo 1")).toHaveValue("My front door");
  await expect(mine.page.getByLabel("Alt text of photo 2")).toHaveValue("Their kitchen");
  await expect(mine.page.getByLabel("Alt text of photo 3")).toHaveValue("Their garden");
  await mine.context.close();
  await theirs.context.close();
});

test("without JavaScript, floor plans upload with a label and save a move", async ({ browser }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await newOwner(page, "plans-plain");
  const listing = await newListing();
  const url = `/admin/listings/${listing.code}/photos`;
  await page.goto(url);
  const section = page.getByRole("region", { name: "Floor plans" });
  await section.getByLabel("Choose floor plans").setInputFiles([
    { name: "a.pdf", mimeType: "application/pdf", buffer: buildPdfBytes("plain a") },
    { name: "b.pdf", mimeType: "application/pdf", buffer: buildPdfBytes("plain b") },
  ]);
  await section.getByLabel("Label (optional)").fill("Level");
  await section.getByRole("button", { name: "Upload floor plans" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "2 floor plans are uploaded: the public site shows them now.",
  );
  await expect(section.getByLabel("Label of plan 1")).toHaveValue("Level");
  await expect(section.getByLabel("Label of plan 2")).toHaveValue("Level 2");
  await section.getByRole("button", { name: "Move plan 2 up" }).click();
  await expect(page).toHaveURL(new RegExp(`${url}\\?done=plan-moved&at=\\d+$`));
  await expect(section.getByLabel("Label of plan 1")).toHaveValue("Level 2");
  await expect(section.getByLabel("Label of plan 2")).toHaveValue("Level");
  await context.close();
});
