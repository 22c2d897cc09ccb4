/**
 * A fresh production install without the demo seed: every image its pages link exists
 * (decision 024). Runs the real server entry on an empty database and an empty image folder;
 * needs `npm run build`.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sitePagePaths } from "../../app/site-pages.ts";
import { parseImageVariantPath } from "../../lib/image-variants.ts";
import {
  freePort,
  realServerTestTimeout,
  type ServerProcess,
  startServerProcess,
} from "../../tests/support/server-process.ts";

/** The /images/… paths a page's HTML links (src, srcset, href, meta content), originals only. */
function linkedImagePaths(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/\/images\/[^"'\s,)<>?]+/g)) {
    const relative = match[0].slice("/images/".length);
    paths.add(parseImageVariantPath(relative)?.original ?? relative);
  }
  return [...paths];
}

describe("a fresh install without the demo seed", { timeout: realServerTestTimeout }, () => {
  const folder = mkdtempSync(join(tmpdir(), "homes-fresh-"));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  });

  it("links only images that exist", async () => {
    // Not the default folder and not seeding: it must exist; it starts empty.
    const imageDir = join(folder, "images");
    mkdirSync(imageDir);
    server = await startServerProcess(await freePort(), {
      NODE_ENV: "production",
      DATABASE_URL: `file:${join(folder, "app.db")}`,
      IMAGE_DIR: imageDir,
      SEED_DEMO_CONTENT: "false",
      LOG_LEVEL: "warn",
    });
    const linked = new Set<string>();
    for (const page of sitePagePaths) {
      const response = await fetch(`${server.base}${page}`);
      expect(response.status, page).toBe(200);
      for (const path of linkedImagePaths(await response.text())) linked.add(path);
    }
    expect(linked).toContain("no.png");
    expect(linked).toContain("logo.png");
    for (const path of linked) {
      const response = await fetch(`${server.base}/images/${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toMatch(/^image\//);
    }
  });
});
