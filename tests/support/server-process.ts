/**
 * The real server entry (`node server/index.ts`, serving build/) as a child process of a test:
 * on a free port, ready once /readyz answers 200, with its output kept for failure messages and
 * its JSON log lines readable by the test.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { resolve } from "node:path";

const projectRoot = resolve(import.meta.dirname, "../..");
const serverEntry = resolve(projectRoot, "server/index.ts");
/** The last part of a server's output worth quoting when a test fails. */
const keptOutputChars = 20_000;

/**
 * A Vitest test's time limit when it starts the real server: a start takes seconds on a quiet
 * machine, but on a slow day, with the end-to-end specs running beside Vitest, one such test
 * took 29.6 s of Vitest's default 30.
 */
export const realServerTestTimeout = 120_000;

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The server's stdout and stderr so far (the latest part). */
  output(): string;
  /** The JSON log lines the server wrote to stdout so far, parsed. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Resolves when /readyz answers 200; throws with the output if it exits or takes too long. */
  ready(timeoutMs?: number): Promise<void>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit; nothing if already gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Spawns the server with `env` over the test's own environment (NODE_ENV=test, HOST
 * 127.0.0.1, PORT and SHUTDOWN_DRAIN_MS=0 are set here), from the project folder or another
 * copy of the release (`options.root`), in that folder or `options.cwd`. Does not wait: call
 * `ready()`. Starting several at once and then awaiting them all starts them at the same moment.
 */
export function spawnServer(
  port: number,
  env: Record<string, string>,
  options: { cwd?: string; root?: string } = {},
): ServerProcess {
  const entry = options.root ? resolve(options.root, "server/index.ts") : serverEntry;
  const child = spawn(process.execPath, [entry], {
    cwd: options.cwd ?? options.root ?? projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      // No proxy in front to drain for: stop at once, unless the test asks for the drain.
      SHUTDOWN_DRAIN_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptOutputChars);
  };
  const logs: Record<string, unknown>[] = [];
  let partialLine = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    keep(chunk);
    const lines = (partialLine + chunk.toString()).split("\n");
    partialLine = lines.pop() ?? "";
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a log line (a warning printed by Node, say): kept in output() only.
      }
    }
  });
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const base = `http://127.0.0.1:${port}`;
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  return {
    child,
    port,
    base,
    output: () => output,
    logs,
    exited,
    async ready(timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (hasExited()) {
          throw new Error(`the server on port ${port} exited (${child.exitCode}):\n${output}`);
        }
        const up = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
          (response) => response.ok,
          () => false,
        );
        if (up) return;
        await new Promise((wait) => setTimeout(wait, 100));
      }
      throw new Error(`the server on port ${port} was not ready in ${timeoutMs} ms:\n${output}`);
    },
    async stop(signal = "SIGTERM") {
      if (hasExited()) return;
      const gone = once(child, "exit");
      child.kill(signal);
      await gone;
    },
  };
}

/** POSTs an enquiry to a server's /api/contact/add as multipart, as the SPEC's client sends it. */
export function postEnquiry(
  base: string,
  token: string,
  fields: Record<string, string>,
  options: { headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return fetch(`${base}/api/contact/add`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
}

/** Spawns the server (see `spawnServer`) and waits until it is ready. */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const server = spawnServer(port, env);
  await server.ready();
  return server;
}
