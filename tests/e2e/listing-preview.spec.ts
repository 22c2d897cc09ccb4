/**
 * The back office's preview of a listing (decision 070), as staff use it: from the editor of
 * one of the demo's unpublished drafts, "Public page (not live)" opens the preview, which shows
 * the listing as its public page would (photos, working tabs, floor plans), marked as a preview
 * with the way back to the editor, private and never indexed. A visitor still gets the sign-in
 * page there, and the home page at the listing's public address. axe finds no serious or
 * critical violation, at desktop and phone widths.
 */
import { expect, test } from "@playwright/test";
import { openDatabase } from "../../db/database.ts";
import { listFloorPlans } from "../../db/queries/floor-plan.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { newOwner } from "./admin.ts";
import { baseURL, e2eDatabaseUrl } from "./api.ts";
import { expectNoSeriousViolations } from "./axe.ts";
import { gotoHydrated } from "./hydrated.ts";

test.describe.configure({ timeout: 120_000 });

/** A draft of the demo content (never published), with its floor plans' labels. */
async function demoDraft() {
  const database = openDatabase(e2eDatabaseUrl);
  try {
    const draft = (await listAllPropertyRows(database.db)).find(
      (row) => (row.publish === 0 || row.publish === false) && row.archived_at === null,
    );
    if (!draft) throw new Error("the demo content has no unpublished draft");
    const plans = await listFloorPlans(database.db, draft.id);
    return { ...draft, planLabels: plans.map((plan) => plan.label) };
  } finally {
    await database.close();
  }
}

for (const [label, width] of [
  ["desktop", 1280],
  ["phone", 390],
] as const) {
  test(`staff preview an unpublished listing from its editor; visitors still cannot see it (${label})`, async ({
    browser,
  }) => {
    const draft = await demoDraft();
    const previewPath = `/admin/listings/${draft.code}/preview`;
    const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await newOwner(page, "preview");

    await gotoHydrated(page, `/admin/listings/${draft.code}/edit`);
    const link = page.getByRole("link", { name: "Public page (not live)" });
    await expect(link).toHaveAttribute("href", previewPath);
    const errors: string[] = [];
    const [preview] = await Promise.all([context.waitForEvent("page"), link.click()]);
    preview.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await preview.waitForURL(`**${previewPath}`);
    await expect(preview.locator('html[data-enhanced="true"]')).toHaveCount(1);

    const banner = preview.getByRole("region", { name: "Preview · Unpublished" });
    await expect(banner).toContainText("It is not live");
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(draft.headline);
    await expect(preview.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex, nofollow",
    );
    // Its photos and tabs, as the public page's script runs them.
    await expect(preview.locator(".thumbnail-gallery img").first()).toBeVisible();
    await preview.getByRole("tab", { name: "Floor Plans" }).click();
    await expect(preview.getByRole("tab", { name: "Floor Plans" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(draft.planLabels.length).toBeGreaterThan(0);
    await expect(preview.getByRole("tabpanel").locator(".floor-plans__label")).toHaveText(
      draft.planLabels,
    );
    await preview.getByRole("tab", { name: "Details" }).click();
    await expect(preview.getByRole("tabpanel")).toContainText(draft.reference_no);
    await expectNoSeriousViolations(preview);
    expect(errors).toEqual([]);

    const answer = await preview.reload();
    expect(answer?.headers()["cache-control"]).toBe("no-store, private");
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");

    await banner.getByRole("link", { name: "Back to the editor" }).click();
    await expect(preview.getByRole("heading", { name: `Edit ${draft.code}` })).toBeVisible();

    // A visitor: the preview asks them to sign in, the public address sends them home.
    const visitor = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const stranger = await visitor.newPage();
    await stranger.goto(previewPath);
    await expect(stranger).toHaveURL(/\/admin\/sign-in\?next=/);
    await expect(stranger.getByText(draft.headline)).toHaveCount(0);
    await stranger.goto(`/property/${draft.slug}`);
    expect(new URL(stranger.url()).pathname).toBe("/");
    await visitor.close();
    await context.close();
  });
}
