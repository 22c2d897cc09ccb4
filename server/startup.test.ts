import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config/env.ts";
import { openDatabase } from "../db/database.ts";
import { listPublishedProperties } from "../db/queries/property.ts";
import { sideBySideLimits } from "../tests/support/app.ts";
import { createTestDatabase, postgresEnabled } from "../tests/support/test-database.ts";
import { buildApp } from "./app.ts";

// Several app servers share a database only on PostgreSQL (SQLite serves one process).
describe.runIf(postgresEnabled).each(["postgres"] as const)(
  "servers starting together on one empty %s database",
  (dialect) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("migrate and seed it once, and both start", async () => {
      const empty = await createTestDatabase(dialect, { empty: true });
      cleanups.push(() => empty.drop());
      const url = empty.url;

      const config = loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: url,
        // The demo images are written once and shared with the e2e server (existing files stay).
        IMAGE_DIR: "./data/images",
        CONTACT_RATE_LIMIT: "off",
        ...sideBySideLimits,
      });
      const apps = await Promise.all([1, 2, 3].map(() => buildApp({ config, site: false })));
      for (const app of apps) cleanups.push(() => app.close());

      const check = openDatabase(url);
      cleanups.push(() => check.close());
      const properties = await listPublishedProperties(check.db);
      expect(properties.length).toBeGreaterThanOrEqual(24);
      expect(new Set(properties.map((property) => property.code)).size).toBe(properties.length);
      for (const app of apps) {
        expect((await app.inject({ url: "/readyz" })).statusCode).toBe(200);
      }
    });
  },
);
