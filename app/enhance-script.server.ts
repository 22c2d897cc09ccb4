/**
 * The URL of the enhancement module (app/entry.enhance.ts), the script of the documents React
 * does not hydrate (decision 021). `npm run build` builds it after React Router's build
 * (vite.enhance.config.ts) with a hashed name, listed in a Vite manifest next to the client
 * build; under Vite's dev server it is the source file itself.
 */
import { readFileSync } from "node:fs";

const entry = "app/entry.enhance.ts";
/** The manifest, from the server build (build/server/index.js) to the client build. */
const manifestUrl = new URL("../client/.vite/enhance-manifest.json", import.meta.url);

let builtUrl: string | null | undefined;

function readBuiltUrl(): string | null {
  try {
    const manifest = JSON.parse(readFileSync(manifestUrl, "utf8")) as Record<
      string,
      { file?: string } | undefined
    >;
    const file = manifest[entry]?.file;
    if (file) return `/${file}`;
  } catch {}
  console.error(
    `No ${entry} in ${manifestUrl.pathname}: run \`npm run build\`. Pages that should not hydrate will hydrate.`,
  );
  return null;
}

/**
 * The enhancement module's URL, or undefined when the build lacks it (the page then falls back
 * to React Router's scripts, which work, only heavier). Read once.
 */
export function enhanceScriptUrl(): string | undefined {
  if (import.meta.env.DEV) return `/${entry}`;
  builtUrl ??= readBuiltUrl();
  return builtUrl ?? undefined;
}
