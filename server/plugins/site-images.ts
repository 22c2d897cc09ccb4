/**
 * The site's image reader (app/context.ts `ImageReader`, decision 053): the bytes of an image
 * URL as the site's pages show it, for the brochure. A URL on this server (a path, such as
 * `/images/property/abc.jpg.1200w.webp`) is answered in process by the image route, derivatives
 * made on demand included; an absolute URL (an image base on another host) is fetched, within
 * a time and size bound, only over https and never from this server or a private network
 * (server/outbound-fetch.ts, decision 066). Anything but a 200 image answers undefined.
 */
import type { FastifyInstance } from "fastify";
import type { ImageReader } from "#app-context";
import { fetchOutbound } from "../outbound-fetch.ts";

/** The largest image read (bytes): a photo original is a few megabytes at most. */
export const maxImageBytes = 20 * 1024 * 1024;

function isImage(contentType: string | undefined | null): boolean {
  return /^image\//i.test(contentType ?? "");
}

export function createImageReader(app: FastifyInstance): ImageReader {
  return async (url) => {
    try {
      if (url.startsWith("/") && !url.startsWith("//")) {
        const answer = await app.inject({ method: "GET", url });
        if (answer.statusCode !== 200 || !isImage(answer.headers["content-type"])) return undefined;
        return answer.rawPayload;
      }
      if (!/^https?:\/\//i.test(url)) return undefined;
      const answer = await fetchOutbound(url, { maxBytes: maxImageBytes, accept: "image/*" });
      return answer.status === 200 && isImage(answer.contentType) ? answer.body : undefined;
    } catch (error) {
      app.log.warn({ err: error, url }, "brochure image not read");
      return undefined;
    }
  };
}
