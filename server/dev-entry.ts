/** `npm run dev`: the same server, with the site served through Vite's dev server. */
import type { ViteDevServer } from "vite";
import { loadConfig, loadDotEnv } from "../config/env.ts";
import { buildApp } from "./app.ts";

export async function createServer(vite: ViteDevServer) {
  loadDotEnv();
  return buildApp({ config: loadConfig(), site: { devServer: vite } });
}
