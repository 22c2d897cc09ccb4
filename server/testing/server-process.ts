/**
 * The real server entry (server/index.ts) as a child process, for what only a process can
 * show: signals, exit codes, and staying alive through failures. Its JSON log lines are kept.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const serverEntry = resolve(import.meta.dirname, "..", "index.ts");

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** The JSON log lines written so far (stdout). */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Polls /readyz until it answers 200 (or the process exits, or 30 s pass). */
export async function waitUntilReady(base: string, child: ChildProcess): Promise<void> {
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

/** Starts the server on 127.0.0.1:`port` with `env` and waits until it is ready. */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logs: Record<string, unknown>[] = [];
  let pending = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) logs.push(JSON.parse(line));
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilReady(base, child);
  return { child, base, logs, exited };
}
