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
 *
 * Whatever fails has its failures printed again at the very end (a set's numbered summary, or
 * its last lines when it failed outside any test; the command's last lines): the chain and the
 * command end long before the site's set, and a log cut to its tail would lose them.
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
  /** What a failed set prints again at the end. */
  failures?: string[];
}

/** How many lines of a failed set's summary are printed again at the end. */
const failureLinesKept = 400;
/** How many last lines stand in for a set's summary when it failed outside any test. */
const setLastLinesKept = 40;
/** How many last lines of the command are printed again when it fails (Vitest's summary). */
const besideLastLinesKept = 250;

/** Playwright's list reporter numbers its failures, after the run, "  1) [project] › …". */
const failureSummaryStart = /^\s+1\) \[/;

function prefixLines(
  stream: NodeJS.ReadableStream,
  prefix: string,
  out: NodeJS.WriteStream,
  kept: { summary: string[]; last: string[]; lastLimit: number },
) {
  let pending = "";
  const write = (line: string) => {
    out.write(`${prefix}${line}\n`);
    const { summary, last } = kept;
    if (summary.length > 0 || failureSummaryStart.test(line)) {
      if (summary.length < failureLinesKept) summary.push(`${prefix}${line}`);
    }
    last.push(`${prefix}${line}`);
    if (last.length > kept.lastLimit) last.shift();
  };
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) write(line);
  });
  stream.on("end", () => {
    if (pending) write(pending);
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
    const kept = { summary: [] as string[], last: [] as string[], lastLimit: setLastLinesKept };
    prefixLines(child.stdout, prefix, process.stdout, kept);
    prefixLines(child.stderr, prefix, process.stderr, kept);
    child.on("close", (code, signal) =>
      done({
        name: set.name,
        code: code ?? (signal ? 1 : 0),
        seconds: elapsed(),
        failures: kept.summary.length > 0 ? kept.summary : kept.last,
      }),
    );
  });
}

function runBeside(command: string): Promise<Result> {
  return new Promise((done) => {
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
    const kept = { summary: [], last: [] as string[], lastLimit: besideLastLinesKept };
    prefixLines(child.stdout, "", process.stdout, kept);
    prefixLines(child.stderr, "", process.stderr, kept);
    child.on("close", (code, signal) =>
      done({
        name: command,
        code: code ?? (signal ? 1 : 0),
        seconds: elapsed(),
        failures: kept.last,
      }),
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
  if (result.code === 0 || !result.failures?.length) continue;
  console.log(`\n${result.name} failed; its failures again:`);
  for (const line of result.failures) console.log(line);
}
for (const result of results.flat()) {
  console.log(
    `${result.name}: ${result.code === 0 ? "passed" : `failed (${result.code})`} in ${result.seconds} s`,
  );
}
process.exitCode = results.flat().some((result) => result.code !== 0) ? 1 : 0;
