/**
 * `npm run test:e2e` (after the build): the two sets of playwright.config.ts side by side, each
 * in its own Playwright process with its own server and database (decision 079): "site" on
 * E2E_PORT (default 3100), "changes" on the port after it. Each line is prefixed with its set;
 * the command fails when either set fails. Arguments go to both (`-- --reporter=dot`).
 */
import { spawn } from "node:child_process";

const basePort = Number(process.env.E2E_PORT ?? 3100);
const sets = [
  { name: "site", port: basePort },
  { name: "changes", port: basePort + 1 },
] as const;
const width = Math.max(...sets.map((set) => set.name.length));

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
const results = await Promise.all(
  sets.map(
    (set) =>
      new Promise<{ name: string; code: number; seconds: number }>((done) => {
        const child = spawn(
          process.execPath,
          ["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)],
          {
            env: { ...process.env, E2E_SET: set.name, E2E_PORT: String(set.port) },
            stdio: ["ignore", "pipe", "pipe"],
          },
        );
        const prefix = `[${set.name.padEnd(width)}] `;
        prefixLines(child.stdout, prefix, process.stdout);
        prefixLines(child.stderr, prefix, process.stderr);
        child.on("close", (code, signal) =>
          done({
            name: set.name,
            code: code ?? (signal ? 1 : 0),
            seconds: Math.round((Date.now() - started) / 1000),
          }),
        );
      }),
  ),
);

for (const result of results) {
  console.log(
    `${result.name}: ${result.code === 0 ? "passed" : `failed (${result.code})`} in ${result.seconds} s`,
  );
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;
