/**
 * Test helpers for the server: an API-only app or the whole server with the built site on a
 * fresh database of each dialect, and multipart payloads for `app.inject()`.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type Config, loadConfig } from "../../config/env.ts";
import type { Dialect } from "../../db/database.ts";
import { type BuildAppOptions, buildApp } from "../../server/app.ts";
import { freePort } from "./server-process.ts";
import { createTestDatabase } from "./test-database.ts";

export const testToken = "test-token";
export const auth = { authorization: `Bearer ${testToken}` };

/** A tiny image folder: the default no.png and one property photo. */
export function createTestImageDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "homes-images-"));
  mkdirSync(join(dir, "property"));
  mkdirSync(join(dir, "sliders"));
  // A 1×1 PNG and a few JPEG marker bytes: enough for content types and headers.
  writeFileSync(
    join(dir, "no.png"),
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
  writeFileSync(join(dir, "property", "house.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  return dir;
}

/**
 * The overload guards off (decision 087): Vitest runs two files at once on two cores, beside
 * other work, so a test app's event loop can lag past MAX_EVENT_LOOP_DELAY_MS's 1 s or a render
 * wait past RENDER_QUEUE_WAIT_MS's 2 s, and the app would answer 503 "busy" to a test that
 * checks something else. server/overload.test.ts and the page cache's tests check the
 * shedding, setting the limits they test.
 */
export const sideBySideLimits = {
  MAX_EVENT_LOOP_DELAY_MS: "0",
  RENDER_QUEUE_WAIT_MS: "60000",
} as const;

/**
 * A test app's configuration on the database at `databaseUrl`: silent, the test token, a tiny
 * image folder, no demo content, no overload guard (sideBySideLimits); `env` adds to or
 * overrides it.
 */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    API_TOKEN: testToken,
    DATABASE_URL: databaseUrl,
    IMAGE_DIR: createTestImageDir(),
    SEED_DEMO_CONTENT: "false",
    ...sideBySideLimits,
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** An API-only app on a fresh, seeded database; `env` overrides the configuration. */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, "logStream" | "figuresClock"> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect, { seed: true });
  const config = testConfig(database.url, { CONTACT_RATE_LIMIT: "off", ...env });
  const app = await buildApp({ config, database: database.handle, site: false, ...options });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The whole server with the built site (`npm run build` first) on a fresh, seeded database,
 * listening on a free loopback port. The site reads its data in process, or over HTTP from
 * its own /api with `apiOverHttp`. Requests still go through `app.inject()`.
 */
export async function createTestSiteApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, "logStream"> & {
    /** The site reads this server's §7 API over HTTP (API_BASE_URL), not in process. */
    apiOverHttp?: boolean;
  } = {},
): Promise<TestApp> {
  const { apiOverHttp, ...buildOptions } = options;
  const database = await createTestDatabase(dialect, { seed: true });
  const port = await freePort();
  const config = testConfig(database.url, {
    HOST: "127.0.0.1",
    PORT: String(port),
    CONTACT_RATE_LIMIT: "off",
    ...(apiOverHttp ? { API_BASE_URL: `http://127.0.0.1:${port}/api` } : {}),
    ...env,
  });
  const app = await buildApp({ config, database: database.handle, site: true, ...buildOptions });
  await app.listen({ host: config.HOST, port });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Serialises fields as a multipart/form-data body, as the SPEC's client sends them. */
export async function multipart(
  fields: Record<string, string>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}

/** The text of a test app's /metrics on its public port, asked with METRICS_TOKEN `token`. */
export async function scrapeMetrics(app: FastifyInstance, token: string): Promise<string> {
  const response = await app.inject({
    url: "/metrics",
    headers: { authorization: `Bearer ${token}` },
  });
  return response.body;
}
