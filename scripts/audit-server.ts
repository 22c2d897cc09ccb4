/**
 * The server the page audits look at: the production build (built first when missing, or when
 * asked), served by `node server/index.ts` in production mode on a fresh SQLite file that the
 * server seeds with the demo content at start. Only 127.0.0.1, on a free port.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import type { Property } from "../lib/api-contract.ts";

const root = resolve(import.meta.dirname, "..");

export interface AuditServer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** A published property of the seed (for `/property/{slug}`). */
  slug: string;
  /** The codes of the seed's first three published properties (for `{codes}`: a shortlist). */
  codes: string;
  /** Stops the server and deletes its database. */
  stop: () => Promise<void>;
}

/** Runs `npm run build` when `build/` is missing or `force` is set; throws when it fails. */
export function ensureBuild(force: boolean): void {
  if (!force && existsSync(join(root, "build", "server", "index.js"))) return;
  console.error("Building the site (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts the production server on a freshly seeded SQLite database and waits until it is ready. */
export async function startAuditServer(): Promise<AuditServer> {
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
  const folder = join(root, "data", "audit", id);
  await mkdir(folder, { recursive: true });
  const removeDatabase = () => rm(folder, { recursive: true, force: true });

  const port = await freePort();
  const apiToken = `audit-${randomBytes(16).toString("hex")}`;
  const child: ChildProcess = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `file:${join(folder, "audit.db")}`,
      API_TOKEN: apiToken,
      IMAGE_DIR: "./data/images",
      SEED_DEMO_CONTENT: "true",
      // No proxy in front: stop at once, without the drain (decision 091).
      SHUTDOWN_DRAIN_MS: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  let running = true;
  void exited.then(() => {
    running = false;
  });

  const stop = async () => {
    if (running) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await removeDatabase();
  };

  const base = `http://127.0.0.1:${port}`;
  try {
    // The first start seeds the demo content (and generates its photos): allow for it.
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (!running) throw new Error("The server exited while starting (see its output above).");
      if (Date.now() > deadline) throw new Error("The server did not become ready within 120 s.");
      try {
        const answer = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (answer.ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 250));
    }
    const answer = await fetch(`${base}/api/property/display/all`, {
      headers: { authorization: `Bearer ${apiToken}` },
    });
    const { data } = (await answer.json()) as { data: Property[] };
    const slug = data[0]?.slug;
    if (!slug) throw new Error("The seeded database has no property.");
    const codes = data
      .slice(0, 3)
      .map((property) => property.code)
      .join(",");
    return { base, slug, codes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
