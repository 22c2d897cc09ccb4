/**
 * The push portal's HTTPS client (decision 095): posts JSON to `PUSH_URL` + `/listing/update` or
 * `/listing/delete`, presenting the agency's client certificate (mutual TLS) and trusting the
 * portal's CA when PUSH_CA names one (else the system's). The certificate and key are read once,
 * when the server starts: a renewed certificate takes a restart.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:https";

export interface PushClientOptions {
  /** The portal's base address, e.g. https://realtime-listings.example/live/v1. */
  url: string;
  /** PEM files: the client certificate (with its chain), its key, and the portal's CA. */
  certFile: string;
  keyFile: string;
  caFile?: string | undefined;
  /** How long one request may take, in milliseconds. */
  timeoutMs?: number;
}

export type PushMethod = "listing/update" | "listing/delete";

export interface PushAnswer {
  status: number;
  body: string;
}

export interface PushClient {
  /** Posts `body`; answers the portal's status and body, or throws when none came. */
  post(method: PushMethod, body: object): Promise<PushAnswer>;
  close(): void;
}

/** Reads a PEM file, naming the setting when it cannot. */
function readPem(file: string, setting: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    throw new Error(`${setting} (${file}) cannot be read: ${(error as Error).message}`);
  }
}

export function createPushClient(options: PushClientOptions): PushClient {
  const agent = new Agent({
    cert: readPem(options.certFile, "PUSH_CLIENT_CERT"),
    key: readPem(options.keyFile, "PUSH_CLIENT_KEY"),
    ...(options.caFile ? { ca: readPem(options.caFile, "PUSH_CA") } : {}),
    keepAlive: true,
    maxSockets: 4,
  });
  const base = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    post(method, body) {
      const text = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const outgoing = request(
          `${base}/${method}`,
          {
            method: "POST",
            agent,
            timeout: timeoutMs,
            headers: {
              "content-type": "application/json",
              "content-length": Buffer.byteLength(text),
              // The same state always carries the same tag: a portal may drop a repeat.
              "zpg-listing-etag": createHash("sha256").update(text).digest("hex").slice(0, 32),
            },
          },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on("data", (chunk: Buffer) => chunks.push(chunk));
            answer.on("end", () =>
              resolve({
                status: answer.statusCode ?? 0,
                body: Buffer.concat(chunks).toString("utf8"),
              }),
            );
            answer.on("error", reject);
          },
        );
        outgoing.on("timeout", () =>
          outgoing.destroy(new Error(`no answer from the push portal in ${timeoutMs} ms`)),
        );
        outgoing.on("error", reject);
        outgoing.end(text);
      });
    },
    close: () => agent.destroy(),
  };
}
