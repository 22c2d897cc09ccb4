/**
 * What docs/deployment.md tells an operator to run works as written: the start command (npm's
 * serve script) stops gracefully when only npm is signalled, as systemd and Docker do, the
 * systemd unit passes `systemd-analyze verify`, and the nginx block passes `nginx -t`.
 * Needs Debian's systemd, nginx and openssl (`.ci/run` installs what is missing).
 */
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../db/testing.ts";
import { createTestImageDir } from "../server/testing/app.ts";
import { freePort } from "../server/testing/server-process.ts";

const run = promisify(execFile);
const projectRoot = resolve(import.meta.dirname, "..");
const deploymentGuide = readFileSync(join(projectRoot, "docs/deployment.md"), "utf8");
const packageScripts = (
  JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** The fenced blocks of the guide in `language`, in order. */
function codeBlocks(language: string): string[] {
  return [...deploymentGuide.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
    .filter(([, fence]) => fence === language)
    .map(([, , body]) => body ?? "");
}

describe("the start command of docs/deployment.md", () => {
  it("is npm run serve: the pinned Node with npm start's heap flags", () => {
    expect(codeBlocks("sh")[0]).toContain("npm run serve");
    // npm start builds, then hands over to serve with exec (the signals reach the server).
    expect(packageScripts.start).toMatch(/^npm run build && exec npm run serve$/);
    expect(packageScripts.serve).toMatch(
      /^NODE_ENV=production exec node --max-semi-space-size=16 --max-old-space-size=256 server\/index\.ts$/,
    );
  });

  it("stops gracefully, exit code 0, when only npm gets SIGTERM", async () => {
    const database = await createTestDatabase("sqlite");
    cleanups.push(() => database.drop());
    const port = await freePort();
    const npm = spawn("npm", ["run", "serve"], {
      cwd: projectRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: database.url,
        IMAGE_DIR: createTestImageDir(),
        API_TOKEN: "deployment-test-token-0123456789abcdef",
        SEED_DEMO_CONTENT: "false",
        npm_config_update_notifier: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
      // A process group of its own, so that a failed test still ends the server under npm.
      detached: true,
    });
    cleanups.push(() => {
      try {
        process.kill(-npm.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    });
    let output = "";
    npm.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    npm.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = once(npm, "exit");

    const deadline = Date.now() + 45_000;
    while (
      !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error(output);
      await new Promise((wait) => setTimeout(wait, 100));
    }
    // The server's own process: the pinned Node 24, with the heap flags.
    const serverPid = (
      JSON.parse(output.split("\n").find((line) => line.startsWith("{"))!) as {
        pid: number;
      }
    ).pid;
    expect(await readlink(`/proc/${serverPid}/exe`)).toBe(
      join(projectRoot, "node_modules/node/bin/node"),
    );
    expect(readFileSync(`/proc/${serverPid}/cmdline`, "utf8").split("\0")).toEqual(
      expect.arrayContaining(["--max-semi-space-size=16", "--max-old-space-size=256"]),
    );

    npm.kill("SIGTERM");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).toContain('"msg":"shutting down"');
    // Nothing is left behind: the server itself has exited, not only npm.
    expect(() => process.kill(serverPid, 0)).toThrow();
  });
});

describe("docs/homes.service", () => {
  const unitFile = join(projectRoot, "docs/homes.service");

  it("passes systemd-analyze verify without a warning", async () => {
    const { stdout, stderr } = await run("systemd-analyze", ["verify", unitFile]);
    expect(`${stdout}${stderr}`).toBe("");
  });

  it("starts npm's serve script and gives the graceful shutdown time to finish", () => {
    const unit = readFileSync(unitFile, "utf8");
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/npm run serve$/m);
    expect(unit).toMatch(/^TimeoutStopSec=15$/m);
  });
});

describe("the nginx block of docs/deployment.md", () => {
  it("passes nginx -t", async () => {
    const [block] = codeBlocks("nginx");
    expect(block).toContain("proxy_pass http://homes;");
    const folder = temporaryFolder("homes-nginx-");
    // A throw-away certificate where the guide names Let's Encrypt's files.
    const certificate = join(folder, "fullchain.pem");
    const key = join(folder, "privkey.pem");
    await run("openssl", [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
      ...["-subj", "/CN=homes.example.com", "-keyout", key, "-out", certificate],
    ]);
    writeFileSync(
      join(folder, "homes.conf"),
      block!
        .replace("/etc/letsencrypt/live/homes.example.com/fullchain.pem", certificate)
        .replace("/etc/letsencrypt/live/homes.example.com/privkey.pem", key),
    );
    // Debian's nginx.conf reduced to what the block relies on, with every path in the folder.
    writeFileSync(
      join(folder, "nginx.conf"),
      [
        `pid ${folder}/nginx.pid;`,
        "events {}",
        "http {",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
          (kind) => `  ${kind}_temp_path ${folder}/${kind};`,
        ),
        `  include ${folder}/homes.conf;`,
        "}",
      ].join("\n"),
    );
    const { stderr } = await run("nginx", [
      "-e",
      "stderr",
      "-p",
      folder,
      "-c",
      join(folder, "nginx.conf"),
      "-t",
    ]);
    expect(stderr).toContain("test is successful");
    expect(stderr).not.toMatch(/\[(warn|emerg)\]/);
  });
});
