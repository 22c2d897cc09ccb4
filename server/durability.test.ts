/**
 * An enquiry the API acknowledged is never lost: the real server entry is killed with SIGKILL
 * right after a 200 from /api/contact/add, restarted, and every acknowledged enquiry is there.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { listEnquiries } from "../db/queries/enquiry.ts";
import { createTestImageDir } from "../tests/support/app.ts";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import {
  freePort,
  postEnquiry,
  realServerTestTimeout,
  type ServerProcess,
  spawnServer,
} from "../tests/support/server-process.ts";

const token = "durability-token";

describe("a server killed with SIGKILL", { timeout: realServerTestTimeout }, () => {
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")));
  });

  async function startServer(databaseUrl: string, port: number, imageDir: string) {
    const server = spawnServer(port, {
      DATABASE_URL: databaseUrl,
      IMAGE_DIR: imageDir,
      API_TOKEN: token,
      SEED_DEMO_CONTENT: "false",
      CONTACT_RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
    });
    servers.push(server);
    await server.ready();
    return server;
  }

  it("loses no acknowledged enquiry", async () => {
    const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), "homes-durability-")), "app.db")}`;
    const imageDir = createTestImageDir();
    const port = await freePort();
    const first = await startServer(databaseUrl, port, imageDir);

    const acknowledged: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      const enquiry = buildContactEnquiry();
      const response = await postEnquiry(first.base, token, enquiry);
      expect(response.status).toBe(200);
      acknowledged.push(enquiry.email);
    }
    await first.stop("SIGKILL");

    const second = await startServer(databaseUrl, port, imageDir);
    expect((await fetch(`${second.base}/readyz`)).status).toBe(200);
    const handle = openDatabase(databaseUrl);
    try {
      const stored = (await listEnquiries(handle.db)).map((enquiry) => enquiry.email);
      expect(stored.sort()).toEqual(acknowledged.sort());
    } finally {
      await handle.close();
    }
  });
});
