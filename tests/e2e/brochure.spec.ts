/**
 * Issue 18, item 5 (the PDF half, decision 053): a property page links to its brochure, and the
 * link answers a PDF under 2 MB that browsers show inline under a readable name; the
 * brochure of a missing property sends the visitor home, as the missing page does. The PDF's
 * text is read in server/plugins/site-brochure.test.ts.
 */
import { expect, test } from "@playwright/test";
import type { Property } from "../../lib/api-contract.ts";
import { listProperties } from "./api.ts";

let property: Property;

test.beforeAll(async () => {
  const properties = await listProperties();
  const found = properties.find((each) => each.cover_image !== "") ?? properties[0];
  if (!found) throw new Error("the demo data has no property");
  property = found;
});

test("the property page links to its brochure, a PDF under 2 MB", async ({ page }) => {
  await page.goto(`/property/${property.slug}`);
  const link = page.getByRole("link", { name: "Download brochure (PDF)" });
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href).toBe(`/property/${property.slug}/brochure.pdf`);

  const answer = await page.request.get(href ?? "");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect(answer.headers()["content-disposition"]).toBe(
    `inline; filename="${property.slug}-brochure.pdf"`,
  );
  const body = await answer.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(body.length).toBeGreaterThan(10_000);
  expect(body.length).toBeLessThan(2 * 1024 * 1024);

  // Unchanged, it is answered 304 for its ETag.
  const etag = answer.headers().etag ?? "";
  const again = await page.request.get(href ?? "", { headers: { "if-none-match": etag } });
  expect(again.status()).toBe(304);

  // With a PDF's policy, sandboxed, not the page's (decision 065); Chromium's viewer shows it.
  expect(answer.headers()["content-security-policy"]).toMatch(/^sandbox; default-src 'none';/);
  await link.click();
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith("chrome-extension://")))
    .toBe(true);
  await page.goBack();

  // Not on paper: a printed link cannot be followed.
  await page.emulateMedia({ media: "print" });
  await expect(link).toBeHidden();
});

test("the brochure of a missing property sends the visitor home", async ({ page }) => {
  const answer = await page.request.get("/property/no-such-home-xyz/brochure.pdf", {
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/");

  await page.goto("/property/no-such-home-xyz/brochure.pdf");
  await expect(page).toHaveURL(/\/$/);
});
