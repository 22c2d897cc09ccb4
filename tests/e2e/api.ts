/**
 * Reads the §7 API the way the site does, so end-to-end tests compare pages with the data the
 * API returns instead of hard-coded demo values.
 */
import type { Property } from "../../lib/api-contract.ts";

/** The e2e server's token: distinctive, so a leak into any browser-bound byte is findable. */
export const apiToken = "e2e-token-5b0f3c9e7a1d";
/** Where the e2e server listens (playwright.config.ts starts it there). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${e2ePort}`;
/**
 * The e2e server's public address (SITE_URL): another host than `baseURL`, so the tests tell
 * canonical and social URLs built from the configuration from ones built from the request.
 */
export const siteUrl = "https://homes.example.com";
/**
 * The e2e server's folder and database (playwright.config.ts starts it there, freshly seeded):
 * one per port, so the two sets `npm run test:e2e` runs side by side never share one.
 */
export const e2eDataDir = `data/e2e-${e2ePort}`;
export const e2eDatabaseUrl = `file:./${e2eDataDir}/e2e.db`;
/** Seconds the e2e server keeps a rendered page and a §7 answer: short, so changes show fast. */
export const e2ePageCacheTtl = 2;
export const e2eApiCacheTtl = 1;

/** GETs `/api{path}` and answers its `data`. */
export async function apiData<T>(path: string): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    headers: { authorization: `Bearer ${apiToken}` },
  });
  if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

export function listProperties(): Promise<Property[]> {
  return apiData<Property[]>("/property/display/all");
}
