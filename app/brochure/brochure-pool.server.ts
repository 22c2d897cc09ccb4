/**
 * Where brochures are drawn: one worker thread (Piscina), started on the first brochure and
 * stopped after half a minute without one, so a server that makes none holds no thread and
 * no second V8 heap. Its heap is bounded; a worker that runs out is replaced and the brochure
 * fails (a 500), not the server.
 */
import { resolve } from "node:path";
import { Piscina } from "piscina";
import type { BrochureContent } from "./brochure-document.server.ts";

/** This module sits two folders below the project (app/brochure/), as the built site does (build/server/). */
const workerFile = resolve(import.meta.dirname, "../../app/brochure/brochure-worker.server.ts");

let pool: Piscina<BrochureContent, Uint8Array> | undefined;

/** The brochure's PDF bytes, drawn off the main thread. */
export async function drawBrochureInWorker(content: BrochureContent): Promise<Buffer> {
  pool ??= new Piscina<BrochureContent, Uint8Array>({
    filename: workerFile,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
  });
  const pdf = await pool.run(content);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
