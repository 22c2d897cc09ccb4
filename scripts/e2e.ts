/**
 * `npm run test:e2e` (after the build): the two sets of playwright.config.ts side by side, each
 * in its own Playwright process with its own server and database (decision 079): "site" on
 * E2E_PORT (default 3100), "changes" on the port after it. Each line is prefixed with its set;
 * the command fails when either set fails. Arguments go to both (`-- --reporter=dot`).
 *
 * `--beside '<command>'` (what `npm test` does, decision 105): the chain of "changes", which
 * waits on pages and timers more than it computes, starts at once beside that command (the lint,
 * the type check and Vitest), and the site's set, which keeps both cores busy, starts when the
 * command has ended. The command's lines are prefixed with nothing; it fails the run as the
 * sets do.
 */
import { spawn } from "node:child_process";

const argv = process.argv.slice(2);
const besideAt = argv.indexOf("--beside");
const beside = besideAt >= 0 ? argv[besideAt + 1] : undefined;
if (besideAt >= 0 && !beside) throw new Error("--beside takes a command");
const playwrightArgs = besideAt >= 0 ? argv.toSpliced(besideAt, 2) : argv;

const basePort = Number(process.env.E2E_PORT ?? 3100);
const sets = [
  { name: "site", port: basePort },
  { name: "changes", port: basePort + 1 },
] as const;
const width = Math.max(...sets.map((set) => set.name.length));

interface Result {
  name: string;
  code: number;
  seconds: number;
}

function prefixLines(stream: NodeJS.ReadableStream, prefix: string, out: NodeJS.WriteStream) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on("end", () => {
    if (pending) out.write(`${prefix}${pending}\n`);
  });
}

const started = Date.now();
const elapsed = () => Math.round((Date.now() - started) / 1000);

function runSet(set: (typeof sets)[number]): Promise<Result> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ["node_modules/@playwright/test/cli.js", "test", ...playwrightArgs],
      {
        env: { ...process.env, E2E_SET: set.name, E2E_PORT: String(set.port) },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const prefix = `[${set.name.padEnd(width)}] `;
    prefixLines(child.stdout, prefix, process.stdout);
    prefixLines(child.stderr, prefix, process.stderr);
    child.on("close", (code, signal) =>
      done({ name: set.name, code: code ?? (signal ? 1 : 0), seconds: elapsed() }),
    );
  });
}

function runBeside(command: string): Promise<Result> {
  return new Promise((done) => {
    const child = spawn(command, { shell: true, stdio: "inherit" });
    child.on("close", (code, signal) =>
      done({ name: command, code: code ?? (signal ? 1 : 0), seconds: elapsed() }),
    );
  });
}

const [site, changes] = sets;
const results = await Promise.all(
  beside === undefined
    ? [runSet(site), runSet(changes)]
    : [runSet(changes), runBeside(beside).then(async (first) => [first, await runSet(site)])],
);

for (const result of results.flat()) {
  console.log(
    `${result.name}: ${result.code === 0 ? "passed" : `failed (${result.code})`} in ${result.seconds} s`,
  );
}
process.exitCode = results.flat().some((result) => result.code !== 0) ? 1 : 0;
