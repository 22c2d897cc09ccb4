/**
 * Derivatives made when first asked for: the image route's answer to a derivative that is not
 * on disk yet (an image uploaded without them, or a folder from before they existed). Work is
 * bounded: a few encodes at a time, one per derivative however many visitors ask for it, and
 * past a short queue the caller is told to serve the original instead of waiting.
 */

import {
  imageFilePath,
  renderImageDerivative,
  writeFileWhole,
} from "../../lib/image-derivatives.server.ts";
import { parseImageVariantPath } from "../../lib/image-variants.ts";

export interface OnDemandDerivativesOptions {
  /** Encodes running at once (each uses libvips' threads). */
  concurrency?: number;
  /** Derivatives waiting for a slot before more callers get `undefined` at once. */
  maxWaiting?: number;
  /** Told about an original that could not be encoded or a derivative not written. */
  onError?: (error: unknown, relativePath: string) => void;
}

export interface OnDemandDerivatives {
  /**
   * The WebP body of the derivative at `relativePath` (such as `property/abc.jpg.800w.webp`),
   * also written to disk for the next request; undefined when the path names no derivative,
   * the original cannot be encoded, or too many encodes wait (serve the original then).
   */
  render(relativePath: string): Promise<Buffer | undefined>;
}

export function createOnDemandDerivatives(
  imageDir: string,
  options: OnDemandDerivativesOptions = {},
): OnDemandDerivatives {
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const maxWaiting = options.maxWaiting ?? 32;
  const inFlight = new Map<string, Promise<Buffer | undefined>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  // A released slot passes straight to the next waiter, so no newcomer can slip in between.
  const acquire = (): Promise<void> => {
    if (running < concurrency) {
      running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  async function renderAndStore(relativePath: string): Promise<Buffer | undefined> {
    const variant = parseImageVariantPath(relativePath);
    const target = imageFilePath(imageDir, relativePath);
    const original = variant && imageFilePath(imageDir, variant.original);
    if (!variant || !target || !original) return undefined;
    await acquire();
    let body: Buffer;
    try {
      body = await renderImageDerivative(original, variant.width);
    } catch (error) {
      options.onError?.(error, relativePath);
      return undefined;
    } finally {
      release();
    }
    try {
      await writeFileWhole(target, body);
    } catch (error) {
      // The visitor still gets the image; the next request tries to store it again.
      options.onError?.(error, relativePath);
    }
    return body;
  }

  return {
    render(relativePath) {
      const pending = inFlight.get(relativePath);
      if (pending) return pending;
      if (running >= concurrency && waiting.length >= maxWaiting) {
        return Promise.resolve(undefined);
      }
      const result = renderAndStore(relativePath).finally(() => inFlight.delete(relativePath));
      inFlight.set(relativePath, result);
      return result;
    },
  };
}
