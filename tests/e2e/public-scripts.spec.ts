/**
 * Decision 043: every public page is server HTML run by the enhancement module, with no React
 * in the browser; the back office alone hydrates React Router. Each page loads that one script
 * under its CSP (a refused script or inline script shows as a console error), and its
 * behaviours work from it.
 */
import { expect, type Page, test } from "@playwright/test";
import { listProperties } from "./api.ts";
import { routePath, siteRoutes } from "./routes.ts";

let slug: string;

test.beforeAll(async () => {
  const [first] = await listProperties();
  expect(first).toBeTruthy();
  slug = first!.slug;
});

/** The scripts a page asks for, and its console errors (CSP refusals among them). */
function watch(page: Page) {
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { scripts, errors };
}

for (const route of siteRoutes) {
  test(`${route}: the enhancement module alone, no React, nothing refused by the CSP`, async ({
    page,
    request,
  }) => {
    const path = routePath(route, slug);
    const answer = await request.get(path);
    const html = await answer.text();
    const csp = answer.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("script-src");
    // No inline script runs: the only script elements are the module and JSON-LD data.
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scriptTags) {
      expect(tag).toMatch(
        /type="module" src="\/assets\/entry\.enhance-|type="application\/ld\+json"/,
      );
    }
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("__reactRouterContext");
    expect(csp).not.toContain("'sha256-");

    const { scripts, errors } = watch(page);
    // A 404 page answers 404; its page still works.
    await page.goto(path);
    await expect(page.locator('html[data-enhanced="true"]')).toHaveCount(1);
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    expect(scripts.filter((each) => /\/entry\.enhance-[\w-]+\.js$/.test(each))).toHaveLength(1);
    expect(scripts.filter((each) => /framework|entry\.client|manifest-/.test(each))).toEqual([]);
    expect(errors.filter((text) => !/status of 404/.test(text))).toEqual([]);
  });
}

test("the back office hydrates React Router under its CSP", async ({ page, request }) => {
  const answer = await request.get("/admin/sign-in");
  expect(answer.headers()["content-security-policy"]).toContain("'sha256-");
  const { scripts, errors } = watch(page);
  await page.goto("/admin/sign-in");
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  expect(scripts.some((each) => /entry\.client/.test(each))).toBe(true);
  expect(scripts.filter((each) => /\/entry\.enhance-/.test(each))).toEqual([]);
  expect(errors).toEqual([]);
});
