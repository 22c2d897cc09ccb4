/**
 * The second step of `npm run build`: the script of the documents React does not hydrate
 * (app/entry.enhance.ts, decision 021) and the chunks it imports later (Embla; the map's
 * Leaflet and Supercluster with Leaflet's stylesheet, decision 054), built after
 * React Router's build into the same build/client/assets with hashed names. Its manifest
 * (build/client/.vite/enhance-manifest.json, not served: the static files skip dot folders)
 * tells the server the entry's URL (app/enhance-script.server.ts).
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  resolve: {
    // Leaflet's ES module build (its package names only the UMD one): the map's chunk
    // (decision 054) then holds no UMD wrapper and sets no global `L`.
    alias: [
      {
        find: /^leaflet$/,
        replacement: fileURLToPath(
          new URL("node_modules/leaflet/dist/leaflet-src.esm.js", import.meta.url),
        ),
      },
    ],
  },
  build: {
    target: "es2022",
    outDir: "build/client",
    // React Router's build is already there.
    emptyOutDir: false,
    manifest: ".vite/enhance-manifest.json",
    // Embla is fetched when the carousel asks for it; nothing to preload.
    modulePreload: false,
    rolldownOptions: { input: "app/entry.enhance.ts" },
  },
});
