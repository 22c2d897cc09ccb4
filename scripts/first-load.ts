/**
 * What a first load of each route downloads, read from the built client's React Router
 * manifest (build/client/assets/manifest-*.js, the file the pages' HTML loads first): the
 * manifest itself, the client entry, and the modules (and their static imports) of the route
 * and its parents, each file once. Chunks reached only through `import()` are not in it: the
 * browser fetches them later, when the code asks for them.
 *
 * Used by `npm run report:js` and by the bundle tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

export const clientBuildDir = resolve(import.meta.dirname, "../build/client");

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

export interface RouteFirstLoad {
  /** The route's path pattern, `/` for the index route. */
  route: string;
  /** Asset URLs (`/assets/…`) a first load of the route downloads. */
  files: string[];
}

function readManifest(clientDir: string): { file: string; manifest: Manifest } {
  const assets = join(clientDir, "assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error("No build/client/assets/manifest-*.js: run `npm run build` first.");
  const source = readFileSync(join(assets, name), "utf8");
  const json = source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "");
  return { file: `/assets/${name}`, manifest: JSON.parse(json) as Manifest };
}

function filesOf(module: ManifestModule): string[] {
  return [module.module, ...(module.imports ?? [])];
}

/** Every route's first-load JavaScript, in the manifest's order (the root itself left out). */
export function readFirstLoads(clientDir = clientBuildDir): RouteFirstLoad[] {
  const { file: manifestFile, manifest } = readManifest(clientDir);
  const loads: RouteFirstLoad[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root") continue;
    const chain = [route];
    for (let parent = route.parentId; parent; parent = manifest.routes[parent]?.parentId) {
      const parentRoute = manifest.routes[parent];
      if (parentRoute) chain.unshift(parentRoute);
    }
    const files = new Set([manifestFile, ...filesOf(manifest.entry), ...chain.flatMap(filesOf)]);
    loads.push({ route: route.index ? "/" : `/${route.path ?? ""}`, files: [...files] });
  }
  return loads;
}

/** The built client's JavaScript files that no route's first load downloads. */
export function readLaterChunks(clientDir = clientBuildDir): string[] {
  const firstLoaded = new Set(readFirstLoads(clientDir).flatMap((load) => load.files));
  return readdirSync(join(clientDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `/assets/${name}`)
    .filter((url) => !firstLoaded.has(url));
}

/** The text of a built asset, by URL. */
export function readAsset(url: string, clientDir = clientBuildDir): string {
  return readFileSync(join(clientDir, url), "utf8");
}

const gzipSizes = new Map<string, number>();
/** The size of a built asset gzipped at level 9, as a server would send it. */
export function gzippedBytes(url: string, clientDir = clientBuildDir): number {
  const key = join(clientDir, url);
  let size = gzipSizes.get(key);
  if (size === undefined) {
    size = gzipSync(readFileSync(key), { level: 9 }).length;
    gzipSizes.set(key, size);
  }
  return size;
}
