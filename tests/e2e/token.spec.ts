/** The API's bearer token stays on the server: no byte sent to a browser contains it. */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "@playwright/test";
import { apiToken, listProperties } from "./api.ts";
import { routePath, siteRoutes } from "./routes.ts";

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

test("no built client asset contains the API token", async ({ request }) => {
  const clientDir = "build/client";
  const files = filesUnder(clientDir);
  expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(0);
  for (const file of files) {
    const path = `/${relative(clientDir, file).split("\\").join("/")}`;
    const response = await request.get(path);
    // Dot folders (the enhancement build's manifest, decision 021) are for the server only.
    if (path.split("/").some((part) => part.startsWith("."))) {
      expect(response.status(), path).toBe(404);
      continue;
    }
    expect(response.status(), path).toBe(200);
    expect((await response.body()).includes(Buffer.from(apiToken)), path).toBe(false);
  }
});

test("no page's HTML or data request contains the API token", async ({ page, request }) => {
  const [property] = await listProperties();
  const paths = siteRoutes.map((route) => routePath(route, property!.slug));
  const seen: string[] = [];
  page.on("response", async (response) => {
    const body = await response.body().catch(() => Buffer.alloc(0));
    if (body.includes(Buffer.from(apiToken))) seen.push(response.url());
  });
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    expect(html.includes(apiToken), path).toBe(false);
    await page.goto(path);
  }
  // Client-side navigation fetches route data (`.data` requests) too.
  await page.goto("/");
  await page
    .getByRole("navigation", { name: /main/i })
    .getByRole("link", { name: "Properties" })
    .click();
  await expect(page).toHaveURL(/\/property$/);
  expect(seen).toEqual([]);
});
