/**
 * "Find on map" in the listing editor (decision 069): a listing's address turned into a position
 * by a Nominatim-compatible geocoder (GEOCODER_URL). This server asks it, so the browser's CSP
 * stays `connect-src 'self'` and a visitor's browser never talks to it. Nominatim's usage policy
 * asks for an identifying User-Agent and at most one request a second; the address is the
 * operator's, not a user's, so no private-address checks are needed here.
 */
import { z } from "zod";
import type { GeocodeAnswer } from "../../lib/listing-location.ts";

export interface Geocoder {
  find(query: string): Promise<GeocodeAnswer>;
}

/** How long one answer may take before staff are told to place the pin themselves. */
export const geocodeTimeoutMs = 5000;

/** Nominatim's policy: no more than one request a second from one application. */
const minimumGapMs = 1000;

const answerSchema = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    display_name: z.string().default(""),
  }),
);

export function createGeocoder(options: {
  /** GEOCODER_URL, without a trailing slash. */
  url: string;
  /** Names the site (SITE_URL), as the policy asks. */
  siteUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Geocoder {
  const request = options.fetch ?? fetch;
  const userAgent = `homes-site back office (listing addresses; +${options.siteUrl})`;
  // One request at a time, a second apart: the next waits for the previous one's turn.
  let turn = Promise.resolve();
  let last = 0;
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = turn.then(async () => {
      const wait = last + minimumGapMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      last = Date.now();
      return work();
    });
    turn = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
  return {
    async find(query) {
      const words = query.trim().slice(0, 300);
      if (words === "") return { ok: true, found: null };
      const url = `${options.url}/search?${new URLSearchParams({ q: words, format: "jsonv2", limit: "1" })}`;
      try {
        const response = await inTurn(() =>
          request(url, {
            headers: { "user-agent": userAgent, accept: "application/json" },
            redirect: "error",
            signal: AbortSignal.timeout(options.timeoutMs ?? geocodeTimeoutMs),
          }),
        );
        if (!response.ok) {
          return { ok: false, message: `The geocoder answered ${response.status}.` };
        }
        const read = answerSchema.safeParse(await response.json());
        if (!read.success)
          return { ok: false, message: "The geocoder's answer was not understood." };
        const [first] = read.data;
        return {
          ok: true,
          found: first
            ? { latitude: first.lat, longitude: first.lon, label: first.display_name }
            : null,
        };
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        return {
          ok: false,
          message: timedOut
            ? "The geocoder did not answer in time."
            : "The geocoder could not be reached.",
        };
      }
    },
  };
}
