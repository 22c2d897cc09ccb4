/**
 * An enquiry the API acknowledged is never lost: the real server entry is killed with SIGKILL
 * right after a 200 from /api/contact/add, restarted, and every acknowledged enquiry is there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { listEnquiries } from "../db/queries/enquiry.ts";
import { createTestImageDir, freePort } from "./testing/app.ts";
import { buildContactEnquiry } from "./testing/factories.ts";

const serverEntry = resolve(import.meta.dirname, "index.ts");
const token = "durability-token";

async function waitUntilHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error("server did not become ready");
}

describe("a server killed with SIGKILL", () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
  });

  async function startServer(databaseUrl: string, port: number, imageDir: string) {
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        IMAGE_DIR: imageDir,
        API_TOKEN: token,
        SEED_DEMO_CONTENT: "false",
        CONTACT_RATE_LIMIT: "off",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(base, child);
    return { child, base };
  }

  it("loses no acknowledged enquiry", async () => {
    const databaseUrl = `file:${join(mkdtempSync(join(tmpdir(), "homes-durability-")), "app.db")}`;
    const imageDir = createTestImageDir();
    const port = await freePort();
    const first = await startServer(databaseUrl, port, imageDir);

    const acknowledged: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      const enquiry = buildContactEnquiry();
      const body = new FormData();
      for (const [name, value] of Object.entries(enquiry)) body.append(name, value);
      const response = await fetch(`${first.base}/api/contact/add`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      expect(response.status).toBe(200);
      acknowledged.push(enquiry.email);
    }
    first.child.kill("SIGKILL");
    await new Promise((exited) => first.child.once("exit", exited));

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
