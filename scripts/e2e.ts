/**
 * `npm run test:e2e` (after the build): the two sets of playwright.config.ts side by side, each
 * in its own Playwright process with its own server and database (decision 079): "site" on
 * E2E_PORT (default 3100), "changes" on the port after it. Each line is prefixed with its set;
 * the command fails when either set fails. Arguments go to both (`-- --reporter=dot`).
 *
 * `--beside '<command>'` (what `npm test` does, decision 105): the chain of "changes", which
 * waits on pages and timers more than it computes, starts at once beside that command (the lint,
 * the type check and Vitest), and the site's set, which keeps both cores busy, starts when the
 * first of the two has ended, so that no more than two of the three run at once and neither
 * one's tail runs alone on a core. The command's lines are prefixed with nothing; it fails the
 * run as the sets do.
 *
 * Whatever fails has its failures printed again at the very end (a set's numbered summary, or
 * its last lines when it failed outside any test; the command's last lines): the chain and the
 * command end long before the site's set, and a log cut to its tail would lose them.
 */
import { type ChildProcess, spawn } from "node:child_process";

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
  /** What a failed run prints again at the end. */
  failures: string[];
}

/** How many lines of a failed set's summary are printed again at the end. */
const failureLinesKept = 400;
/** How many last lines stand in for a set's summary when it failed outside any test. */
const setLastLinesKept = 40;
/** How many last lines of the command are printed again when it fails (Vitest's summary). */
const besideLastLinesKept = 250;

/** Playwright's list reporter numbers its failures, after the run, "  1) [project] › …". */
const failureSummaryStart = /^\s+1\) \[/;

/**
 * The lines of a run kept to print again if it fails: from `summaryStart` on when given and
 * seen (Playwright's numbered failures), else the last `lastLimit`.
 */
function keptLines(lastLimit: number, summaryStart?: RegExp) {
  const summary: string[] = [];
  const last: string[] = [];
  return {
    add(line: string) {
      const inSummary = summary.length > 0 || summaryStart?.test(line) === true;
      if (inSummary && summary.length < failureLinesKept) summary.push(line);
      last.push(line);
      if (last.length > lastLimit) last.shift();
    },
    failures: () => (summary.length > 0 ? summary : last),
  };
}

type KeptLines = ReturnType<typeof keptLines>;

/** Writes a stream's lines to `out` with `prefix`, and hands each prefixed line to `kept`. */
function prefixLines(
  stream: NodeJS.ReadableStream,
  prefix: string,
  out: NodeJS.WriteStream,
  kept: KeptLines,
) {
  let pending = "";
  const write = (line: string) => {
    out.write(`${prefix}${line}\n`);
    kept.add(`${prefix}${line}`);
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

/** Passes a child's output through with `prefix` and answers how it ended. */
function outcome(child: ChildProcess, name: string, prefix: string, kept: KeptLines) {
  if (child.stdout) prefixLines(child.stdout, prefix, process.stdout, kept);
  if (child.stderr) prefixLines(child.stderr, prefix, process.stderr, kept);
  return new Promise<Result>((done) =>
    child.on("close", (code, signal) =>
      done({
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: elapsed(),
        failures: kept.failures(),
      }),
    ),
  );
}

function runSet(set: (typeof sets)[number]): Promise<Result> {
  const child = spawn(
    process.execPath,
    ["node_modules/@playwright/test/cli.js", "test", ...playwrightArgs],
    {
      env: { ...process.env, E2E_SET: set.name, E2E_PORT: String(set.port) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const prefix = `[${set.name.padEnd(width)}] `;
  return outcome(child, set.name, prefix, keptLines(setLastLinesKept, failureSummaryStart));
}

function runBeside(command: string): Promise<Result> {
  const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
  return outcome(child, command, "", keptLines(besideLastLinesKept));
}

const [site, changes] = sets;
async function runAll(): Promise<Result[]> {
  if (beside === undefined) return Promise.all([runSet(site), runSet(changes)]);
  const firstTwo = [runSet(changes), runBeside(beside)];
  const siteRun = Promise.race(firstTwo).then(() => runSet(site));
  return Promise.all([...firstTwo, siteRun]);
}
const results = await runAll();

for (const result of results) {
  if (result.code === 0 || result.failures.length === 0) continue;
  console.log(`\n${result.name} failed; its failures again:`);
  for (const line of result.failures) console.log(line);
}
for (const result of results) {
  console.log(
    `${result.name}: ${result.code === 0 ? "passed" : `failed (${result.code})`} in ${result.seconds} s`,
  );
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
