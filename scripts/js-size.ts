/**
 * `npm run report:js` (after `npm run build`): per route, the gzipped size of the JavaScript a
 * first load of that route downloads: React Router's manifest, the client entry, and the
 * modules (and their static imports) of the root and the route, each file counted once. The
 * home page's must stay within 90 KB; the command fails when it does not.
 *
 * Read from build/client/assets/manifest-*.js, the file the pages' HTML loads first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const clientDir = resolve(import.meta.dirname, "../build/client");
const homeBudgetKb = 90;

interface ManifestModule {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestModule;
  routes: Record<
    string,
    ManifestModule & { id: string; path?: string; parentId?: string; index?: boolean }
  >;
}

function readManifest(): { file: string; manifest: Manifest } {
  const assets = join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error("No build/client/assets/manifest-*.js: run `npm run build` first.");
  const source = readFileSync(join(assets, name), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as Manifest };
}

const gzipSizes = new Map<string, number>();
function gzippedBytes(url: string): number {
  let size = gzipSizes.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(clientDir, url)), { level: 9 }).length;
    gzipSizes.set(url, size);
  }
  return size;
}

function filesOf(module: ManifestModule): string[] {
  return [module.module, ...(module.imports ?? [])];
}

const { file: manifestFile, manifest } = readManifest();
const rows: { route: string; files: number; kb: number }[] = [];
for (const route of Object.values(manifest.routes)) {
  if (route.id === "root") continue;
  const chain = [route];
  for (let parent = route.parentId; parent; parent = manifest.routes[parent]?.parentId) {
    const parentRoute = manifest.routes[parent];
    if (parentRoute) chain.unshift(parentRoute);
  }
  const files = new Set([manifestFile, ...filesOf(manifest.entry), ...chain.flatMap(filesOf)]);
  const bytes = [...files].reduce((total, url) => total + gzippedBytes(url), 0);
  const path = route.index ? "/" : `/${route.path ?? ""}`;
  rows.push({ route: path, files: files.size, kb: bytes / 1024 });
}

const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(`${"route".padEnd(width)}  files  JS gzipped`);
for (const row of rows) {
  console.log(
    `${row.route.padEnd(width)}  ${String(row.files).padStart(5)}  ${row.kb.toFixed(1).padStart(7)} KB`,
  );
}
const home = rows.find((row) => row.route === "/");
if (!home) throw new Error("The build has no index route.");
const met = home.kb <= homeBudgetKb;
console.log(
  `\nHome: ${home.kb.toFixed(1)} KB gzipped (budget ${homeBudgetKb} KB): ${met ? "met" : "OVER BUDGET"}`,
);
if (!met) process.exitCode = 1;
