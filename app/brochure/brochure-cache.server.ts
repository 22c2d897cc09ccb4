/**
 * Made brochures, kept by their content's version (decision 053): the digest of everything a
 * brochure shows (the property's §7 answer, its amenities, the company profile, the floor
 * plans, the settings that format them) and of this layout's version. A listing that changes
 * answers another digest, so its next brochure is made anew; an unchanged one is the kept
 * bytes. The digest is also the ETag, known before any PDF is made, so a revalidation costs the
 * page's reads and a hash.
 *
 * One brochure is made at a time per process (images decoded, PDF drawn), a few more wait, and
 * past that a request is refused (BrochureBusyError: the route answers 503), so a crawler
 * walking every listing's brochure cannot take the CPU from page visitors. Concurrent requests
 * for one version share one making (lru-cache's `fetch`).
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import PQueue from "p-queue";

/** Changes whenever the layout does, so kept brochures of the old layout are not served. */
const layoutVersion = "1";

/** Bytes of brochures kept at most (about twenty typical ones). */
const maxCachedBytes = 24 * 1024 * 1024;
/** Brochures waiting to be made at most; one more is refused. */
const maxWaiting = 8;

export class BrochureBusyError extends Error {
  constructor() {
    super(`${maxWaiting} brochures are waiting to be made already`);
    this.name = "BrochureBusyError";
  }
}

/** The version of a brochure's inputs: a digest of their JSON and the layout's version. */
export function brochureVersion(inputs: unknown): string {
  return createHash("sha256")
    .update(layoutVersion)
    .update(JSON.stringify(inputs))
    .digest("base64url")
    .slice(0, 27);
}

const making = new PQueue({ concurrency: 1 });

type Make = () => Promise<Buffer>;

const brochures = new LRUCache<string, Buffer, Make>({
  maxSize: maxCachedBytes,
  sizeCalculation: (pdf) => pdf.length || 1,
  fetchMethod: (_version, _stale, { context: make }) => {
    if (making.size >= maxWaiting) throw new BrochureBusyError();
    return making.add(make);
  },
});

/**
 * The brochure of `version`: the kept bytes, or `make`'s, made in its turn and kept. Rejects
 * with BrochureBusyError when too many wait to be made.
 */
export async function findOrMakeBrochure(version: string, make: Make): Promise<Buffer> {
  const pdf = await brochures.fetch(version, { context: make });
  if (!pdf) throw new Error("the brochure was not made");
  return pdf;
}

/** How many brochures are kept and their bytes (tests). */
export function brochureCacheStats(): { entries: number; bytes: number } {
  return { entries: brochures.size, bytes: brochures.calculatedSize };
}
