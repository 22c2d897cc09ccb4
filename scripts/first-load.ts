/**
 * What a first load of each route downloads, read from the build (`npm run build` first).
 *
 * - A route that hydrates: React Router's manifest (build/client/assets/manifest-*.js, the file
 *   the pages' HTML loads first), the client entry, and the modules (and their static imports)
 *   of the route and its parents, each file once.
 * - Every public route (every route outside /admin: app/root.tsx, decision 043): the
 *   enhancement module and its static imports, from its build's manifest
 *   (build/client/.vite/enhance-manifest.json). Only the back office hydrates React.
 *
 * Chunks reached only through `import()` are in neither: the browser fetches them later, when
 * the code asks for them.
 *
 * Used by `npm run report:js` and by the bundle tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const buildDir = resolve(import.meta.dirname, "../build");
export const clientBuildDir = join(buildDir, "client");
/** The enhancement module's source, as its manifest names it (vite.enhance.config.ts). */
const enhanceEntry = "app/entry.enhance.ts";

interface ManifestModule {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestModule;
  routes: Record<
    string,
    ManifestModule & {
      id: string;
      path?: string;
      parentId?: string;
      index?: boolean;
      hasDefaultExport?: boolean;
    }
  >;
}
type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/** Issue 6: the home page's first-load JavaScript, gzipped, at most. */
export const homeBudgetKb = 90;

export interface RouteFirstLoad {
  /** The route's path pattern, `/` for the index route. */
  route: string;
  /** Whether a document load of the route hydrates React (else it runs the enhancement module). */
  hydrates: boolean;
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

/**
 * The enhancement module's files as asset URLs: the module and what it imports statically
 * (`first`), and the chunks it fetches through `import()` (`later`: Embla).
 */
export function readEnhanceFiles(clientDir = clientBuildDir): { first: string[]; later: string[] } {
  const path = join(clientDir, ".vite/enhance-manifest.json");
  const manifest = JSON.parse(readFileSync(path, "utf8")) as ViteManifest;
  const chunkOf = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${path} has no ${key}: run \`npm run build\`.`);
    return chunk;
  };
  const first = new Set<string>();
  const dynamic: string[] = [];
  const visit = (key: string) => {
    const chunk = chunkOf(key);
    if (first.has(`/${chunk.file}`)) return;
    first.add(`/${chunk.file}`);
    dynamic.push(...(chunk.dynamicImports ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(enhanceEntry);
  const later = new Set(dynamic.map((key) => `/${chunkOf(key).file}`));
  return { first: [...first], later: [...later].filter((url) => !first.has(url)) };
}

function filesOf(module: ManifestModule): string[] {
  return [module.module, ...(module.imports ?? [])];
}

/** Every route's first-load JavaScript, in the manifest's order (the root itself left out). */
export async function readFirstLoads(clientDir = clientBuildDir): Promise<RouteFirstLoad[]> {
  const { file: manifestFile, manifest } = readManifest(clientDir);
  const loads: RouteFirstLoad[] = [];
  for (const route of Object.values(manifest.routes)) {
    // A resource route (no component: a check or a file the pages fetch) is no page to load.
    if (route.id === "root" || route.hasDefaultExport === false) continue;
    const chain = [route];
    for (let parent = route.parentId; parent; parent = manifest.routes[parent]?.parentId) {
      const parentRoute = manifest.routes[parent];
      if (parentRoute) chain.unshift(parentRoute);
    }
    // The back office's routes hang under its layout, "admin" (app/routes.ts).
    const hydrates = chain.some((each) => each.path === "admin");
    const files = hydrates
      ? [...new Set([manifestFile, ...filesOf(manifest.entry), ...chain.flatMap(filesOf)])]
      : readEnhanceFiles(clientDir).first;
    // The full path pattern: a nested route's own path joined to its parents'.
    const path = `/${chain.flatMap((each) => (each.path ? [each.path] : [])).join("/")}`;
    loads.push({ route: path, hydrates, files });
  }
  return loads;
}

/** The built client's JavaScript files that no route's first load downloads. */
export async function readLaterChunks(clientDir = clientBuildDir): Promise<string[]> {
  const loads = await readFirstLoads(clientDir);
  const firstLoaded = new Set(loads.flatMap((load) => load.files));
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
