/**
 * Photos with several app servers (decision 056): two servers, each with its own connections
 * to one PostgreSQL database and one shared image folder (what an NFS mount gives them),
 * page caches on. A photo uploaded and made the cover through one is served, with its WebP
 * derivatives, by the other, whose public page shows it at once (PostgreSQL's change feed
 * empties its page cache); a photo removed through one is gone from both.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import { findPropertyRowByCode, listAllPropertyRows } from "../../db/queries/property.ts";
import { createTestImageDir, sideBySideLimits, testToken } from "../../tests/support/app.ts";
import { buildPhotoBytes } from "../../tests/support/factories.ts";
import { postMultipart } from "../../tests/support/photos.ts";
import { adminBrowser, createStaffMember, formTokenOf } from "../../tests/support/staff.ts";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
} from "../../tests/support/test-database.ts";
import { buildApp } from "../app.ts";

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.runIf(postgresEnabled)(
  "photos on two app servers sharing one database and one image folder",
  () => {
    let database: TestDatabase;
    let one: FastifyInstance;
    let two: FastifyInstance;

    beforeAll(async () => {
      database = await createTestDatabase("postgres", { seed: true });
      const imageDir = createTestImageDir();
      const server = async () => {
        const app = await buildApp({
          config: loadConfig({
            NODE_ENV: "test",
            LOG_LEVEL: "silent",
            API_TOKEN: testToken,
            DATABASE_URL: database.url,
            IMAGE_DIR: imageDir,
            SEED_DEMO_CONTENT: "false",
            PAGE_CACHE_TTL: "600",
            ...sideBySideLimits,
          }),
          // No database handle given: each server opens its own pool, as two machines would.
          site: true,
          scryptCost: { logN: 10, r: 8, p: 1 },
        });
        await app.ready();
        return app;
      };
      [one, two] = [await server(), await server()];
    });
    afterAll(async () => {
      await one?.close();
      await two?.close();
      await database?.drop();
    });

    it("serves a photo uploaded through one server from the other, and removes it from both", async () => {
      const [listing] = (await listAllPropertyRows(database.handle.db)).filter(
        (row) => row.publish === 1 || row.publish === true,
      );
      if (!listing) throw new Error("no published listing");
      const { code, slug } = listing;
      // The other server's page is cached before the change.
      const cached = await two.inject({ method: "GET", url: `/property/${slug}` });
      expect(cached.statusCode).toBe(200);

      const { email, password } = await createStaffMember(one, "agent");
      const agent = adminBrowser(one);
      await agent.signIn(email, password);
      const csrf = formTokenOf((await agent.get(`/admin/listings/${code}/photos`)).body);
      const bytes = await buildPhotoBytes({ color: "#3a86ff" });
      const name = `${sha(bytes)}.jpg`;
      const uploaded = await postMultipart(
        one,
        agent,
        `/admin/listings/${code}/photos/upload`,
        { csrf },
        [{ field: "photos", name: "terrace.jpg", type: "image/jpeg", bytes }],
      );
      expect(uploaded.statusCode).toBe(200);

      const original = await two.inject({ method: "GET", url: `/images/property/${name}` });
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.equals(bytes)).toBe(true);
      expect(original.headers["cache-control"]).toContain("immutable");
      const derivative = await two.inject({
        method: "GET",
        url: `/images/property/${name}.800w.webp`,
      });
      expect(derivative.statusCode).toBe(200);
      expect(derivative.headers["content-type"]).toBe("image/webp");

      // Made the cover through the first server: the second's public page shows it.
      const page = (await agent.get(`/admin/listings/${code}/photos`)).body;
      const revision = /name="revision" value="(\d+)"/.exec(page)?.[1] ?? "";
      const files = [...page.matchAll(/name="photo" value="([^"]+)"/g)].map((match) => match[1]!);
      const cookie = [...agent.cookies].map(([key, value]) => `${key}=${value}`).join("; ");
      const save = (photos: string[], cover: string, at: string) => {
        const body = new URLSearchParams({ csrf, revision: at, cover });
        for (const file of photos) body.append("photo", file);
        return one.inject({
          method: "POST",
          url: `/admin/listings/${code}/photos`,
          headers: { "content-type": "application/x-www-form-urlencoded", cookie },
          payload: body.toString(),
        });
      };
      expect((await save(files, name, revision)).statusCode).toBe(302);
      await expect
        .poll(async () => (await two.inject({ method: "GET", url: `/property/${slug}` })).body, {
          timeout: 5000,
        })
        .toContain(`/images/property/${name}`);

      // Removed through the first server: both answer the placeholder for it.
      const current = await findPropertyRowByCode(database.handle.db, code);
      const kept = files.filter((file) => file !== name);
      expect((await save(kept, kept[0] ?? "", String(current?.revision))).statusCode).toBe(302);
      for (const app of [one, two]) {
        const gone = await app.inject({ method: "GET", url: `/images/property/${name}` });
        expect(gone.statusCode).toBe(404);
        const goneDerivative = await app.inject({
          method: "GET",
          url: `/images/property/${name}.800w.webp`,
        });
        expect(goneDerivative.statusCode).toBe(404);
      }
    });
  },
);
