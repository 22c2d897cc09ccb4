/**
 * The real server entry refusing a bad set-up: each mistake stops it with exit code 1 and one
 * line naming the key, no stack trace (decision 024). Needs `npm run build`.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { createTestImageDir } from "../tests/support/app.ts";
import { freePort, type ServerProcess, spawnServer } from "../tests/support/server-process.ts";
import {
  createTestDatabase,
  postgresEnabled,
  testPostgresUrl,
} from "../tests/support/test-database.ts";
import { maskUrl, prepareImageDir } from "./startup.ts";

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function temporaryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "homes-startup-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** Everything a start needs but the one thing a test gets wrong. */
function workingEnv(): Record<string, string> {
  const imageDir = createTestImageDir();
  cleanups.push(() => rmSync(imageDir, { recursive: true, force: true }));
  return {
    DATABASE_URL: `file:${join(temporaryFolder(), "app.db")}`,
    IMAGE_DIR: imageDir,
    SEED_DEMO_CONTENT: "false",
    LOG_LEVEL: "warn",
  };
}

/** Runs the server until it exits; answers its exit code and everything it printed. */
async function failedStart(
  env: Record<string, string>,
  options: { cwd?: string; port?: number } = {},
): Promise<{ code: number | null; output: string; lines: string[] }> {
  const server: ServerProcess = spawnServer(options.port ?? (await freePort()), env, options);
  cleanups.push(() => server.stop("SIGKILL"));
  const code = await Promise.race([
    server.exited,
    new Promise<"running">((done) => setTimeout(() => done("running"), 30_000)),
  ]);
  if (code === "running") throw new Error(`the server did not stop:\n${server.output()}`);
  const output = server.output();
  return { code, output, lines: output.split("\n").filter((line) => line.trim() !== "") };
}

function expectOneLine(result: { code: number | null; lines: string[] }, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.lines).toHaveLength(1);
  expect(result.lines[0]).toMatch(pattern);
}

describe("a DATABASE_URL that is neither file: nor postgres://", () => {
  it.each(["mysql://root@localhost/homes", "postgress://postgres@127.0.0.1/homes"])(
    "%s stops the server and creates no file",
    async (url) => {
      const cwd = temporaryFolder();
      const result = await failedStart({ ...workingEnv(), DATABASE_URL: url }, { cwd });
      expectOneLine(result, /^Invalid configuration: DATABASE_URL: must be a file: URL/);
      expect(readdirSync(cwd)).toEqual([]);
    },
  );
});

describe("PostgreSQL", () => {
  it("unreachable: one line naming DATABASE_URL and the address", async () => {
    const port = await freePort();
    const result = await failedStart({
      ...workingEnv(),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/homes`,
    });
    expectOneLine(
      result,
      new RegExp(
        `^Cannot start: DATABASE_URL: PostgreSQL at 127\\.0\\.0\\.1:${port} is unreachable \\(ECONNREFUSED\\)$`,
      ),
    );
  });

  it.runIf(postgresEnabled)("its database missing: one line naming the database", async () => {
    const url = new URL(testPostgresUrl);
    url.pathname = `/homes_missing_${process.pid}`;
    const result = await failedStart({ ...workingEnv(), DATABASE_URL: url.toString() });
    expectOneLine(
      result,
      new RegExp(
        `^Cannot start: DATABASE_URL: the database "homes_missing_${process.pid}" does not exist on PostgreSQL at `,
      ),
    );
  });
});

describe("Redis unreachable", () => {
  it("stops the start at once with one line instead of retrying", async () => {
    const port = await freePort();
    const started = Date.now();
    const result = await failedStart({ ...workingEnv(), REDIS_URL: `redis://127.0.0.1:${port}` });
    expectOneLine(
      result,
      new RegExp(`^Cannot start: REDIS_URL: Redis at 127\\.0\\.0\\.1:${port} is unreachable`),
    );
    // A start that retried would never end (failedStart gives up at 30 s); this one ends once
    // the process has loaded and asked Redis once, which a busy two-core machine (the chain's
    // browsers beside Vitest) has stretched to 22 s.
    expect(Date.now() - started).toBeLessThan(28_000);
  });
});

describe("the port in use", () => {
  it("stops the server with one line naming PORT", async () => {
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((done) => squatter.listen(port, "127.0.0.1", done));
    cleanups.push(() => new Promise((done) => squatter.close(done)));
    // At info level: the refusal comes before the app is built and logs anything.
    const result = await failedStart({ ...workingEnv(), LOG_LEVEL: "info" }, { port });
    expectOneLine(
      result,
      new RegExp(`^Cannot start: PORT: 127\\.0\\.0\\.1:${port} is already in use`),
    );
  });
});

describe("a database a newer version migrated", () => {
  it("stops a server of this version with one line naming the migration", async () => {
    const env = workingEnv();
    const database = openDatabase(env.DATABASE_URL!);
    await migrateToLatest(database.db);
    const newer = "2099-01-01-0001-from-a-newer-version";
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${new Date().toISOString()})`.execute(
      database.db,
    );
    await database.close();
    expectOneLine(
      await failedStart(env),
      new RegExp(
        `^Cannot start: DATABASE_URL: the database has migration "${newer}", which this version does not know: a newer version migrated it\\.`,
      ),
    );
  });
});

describe("IMAGE_DIR", () => {
  it("a configured folder that does not exist is refused when not seeding", async () => {
    const missing = join(temporaryFolder(), "not-there");
    const result = await failedStart({ ...workingEnv(), IMAGE_DIR: missing });
    expectOneLine(
      result,
      new RegExp(`^Cannot start: IMAGE_DIR: the folder ${missing} does not exist`),
    );
  });
});

describe("API_TOKEN of a production server others can reach", () => {
  it("refuses the default token, naming the key", async () => {
    const result = await failedStart({
      ...workingEnv(),
      NODE_ENV: "production",
      SITE_URL: "https://homes.example.com",
    });
    expectOneLine(result, /^Invalid configuration: API_TOKEN: the default token is refused/);
  });
});

describe(".env", () => {
  it("is read from the working directory, and the real environment wins over it", async () => {
    const cwd = temporaryFolder();
    writeFileSync(
      join(cwd, ".env"),
      "DATABASE_URL=mysql://from-dotenv/homes\nPORT=not-a-port\nPAGE_CACHE_TTL=-1\n",
    );
    // PORT is set for real (spawnServer): only the file's other two keys are wrong.
    const { DATABASE_URL: _fromTheFile, ...env } = workingEnv();
    const result = await failedStart({ ...env, NODE_ENV: "production" }, { cwd });
    expect(result.code).toBe(1);
    expect(result.lines.map((line) => line.split(":")[1]?.trim())).toEqual([
      "DATABASE_URL",
      "PAGE_CACHE_TTL",
    ]);
  });
});

describe.runIf(postgresEnabled)("a start that works", () => {
  it("logs one summary line of what it uses, secrets masked", async () => {
    const database = await createTestDatabase("postgres", { seed: true });
    cleanups.push(() => database.drop());
    const withPassword = new URL(database.url);
    withPassword.password = "pg-secret-4f1e";
    const token = "startup-summary-token-9c2d7a51b3e8f604";
    const server = spawnServer(await freePort(), {
      ...workingEnv(),
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: withPassword.toString(),
      SMTP_URL: `smtp://mailer:smtp-secret-77aa@127.0.0.1:${await freePort()}`,
      API_TOKEN: token,
    });
    cleanups.push(() => server.stop("SIGKILL"));
    await server.ready();
    // The line is written as the server listens; on a busy machine it may reach the pipe just
    // after /readyz has answered.
    const summaryLine = () => server.logs.find((line) => String(line.msg).startsWith("started:"));
    await expect.poll(summaryLine, { timeout: 10_000 }).toBeDefined();
    const summary = summaryLine();
    expect(summary?.startup).toEqual({
      database: `postgres ${withPassword.toString().replace("pg-secret-4f1e", "***")}`,
      redis: "none",
      smtp: expect.stringMatching(/^smtp:\/\/mailer:\*\*\*@127\.0\.0\.1:\d+$/),
      site: `http://localhost:${server.port}`,
      images: expect.stringMatching(/^\/images from \//),
      listening: `http://127.0.0.1:${server.port}`,
    });
    await server.stop();
    for (const secret of ["pg-secret-4f1e", "smtp-secret-77aa", token]) {
      expect(server.output()).not.toContain(secret);
    }
  });
});

describe("logs at a terminal", () => {
  it("are readable lines, not JSON, request lines included", async () => {
    const port = await freePort();
    // `script` gives the server a pseudo-terminal as its stdout, as `npm start` in a shell has.
    const child = spawn("script", ["-qfec", `'${process.execPath}' server/index.ts`, "/dev/null"], {
      cwd: resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        ...workingEnv(),
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    cleanups.push(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 45_000;
    while (!output.includes("started:") && Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 100));
    }
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    await new Promise((wait) => setTimeout(wait, 300));
    const lines = output.split(/\r?\n/).filter((line) => line.trim() !== "");
    expect(lines.find((line) => line.includes("started:"))).toMatch(
      /INFO.*started: database sqlite/,
    );
    expect(lines.some((line) => /INFO.*request completed/.test(line))).toBe(true);
    expect(lines.filter((line) => line.trimStart().startsWith("{"))).toEqual([]);
  });
});

describe("prepareImageDir", () => {
  it("creates a missing folder the demo seed is about to fill", async () => {
    const folder = join(temporaryFolder(), "images");
    await prepareImageDir({ IMAGE_DIR: folder, SEED_DEMO_CONTENT: true });
    expect(statSync(folder).isDirectory()).toBe(true);
  });

  it("refuses a file where the folder should be", async () => {
    const file = join(temporaryFolder(), "images");
    writeFileSync(file, "");
    await expect(prepareImageDir({ IMAGE_DIR: file, SEED_DEMO_CONTENT: true })).rejects.toThrow(
      /^IMAGE_DIR: .* is not a folder$/,
    );
  });
});

describe("maskUrl", () => {
  it("hides passwords, in the user part or the query", () => {
    expect(maskUrl("redis://:s3cret@cache.internal:6380/0")).toBe(
      "redis://:***@cache.internal:6380/0",
    );
    expect(maskUrl("postgres://app@db/homes?sslmode=require&password=s3cret")).toBe(
      "postgres://app@db/homes?sslmode=require&password=***",
    );
    expect(maskUrl("smtp://mail.example.com:25")).toBe("smtp://mail.example.com:25");
  });
});
