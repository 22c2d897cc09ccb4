/**
 * What the server hands the site for each request, through React Router's context
 * (dependencies are injected, not imported as globals). This module is imported through the
 * `#app-context` package import by both the Fastify server and the site, so both sides share
 * one context token (see @mcansh/react-router-fastify, "Shared Context").
 */
import { createContext } from "react-router";

export interface SiteConfig {
  /** Base URL of the SPEC §7 API, such as http://127.0.0.1:3000/api. Server-side only. */
  apiBaseUrl: string;
  /** Base URL the browser loads images from, such as /images. */
  imageBaseUrl: string;
  /**
   * The site's public address without a trailing slash (SITE_URL), such as
   * https://homes.example.com: canonical links, the sitemap and social cards are built on it.
   */
  siteUrl: string;
  /** Whether the image host serves WebP derivatives, so images carry a `srcset`. */
  imageDerivatives: boolean;
  /** Bearer token of the §7 API. Never sent to the browser. */
  apiToken: string;
  /** Origin of the separate investors site (Login, Register, plan sign-up). */
  investorsUrl: string;
  /** Secret that signs the enquiry puzzle tokens. Server-side only. */
  puzzleSecret: string;
  /** Milliseconds a §7 GET answer is reused; 0: never. */
  apiCacheTtlMs: number;
}

/**
 * The enquiry form's puzzle endpoint: each GET answers a fresh puzzle and a spare with their
 * signed tokens (JSON, `Cache-Control: no-store`). Pages carry no puzzle, so every public page
 * is the same for every visitor (decision 031); the page cache never answers this path.
 */
export const enquiryPuzzlePath = "/enquiry/puzzle";

/**
 * Remembers which single-use tokens (the enquiry puzzle's) were spent. The server provides
 * it: in memory for one process, shared (Redis) when several app servers run.
 */
export interface SingleUseStore {
  /** Records `id` as used until `expiresAt` (ms since epoch); false if it was used already. */
  use(id: string, expiresAt: number): Promise<boolean>;
  /**
   * Forgets `id` again: its request was refused by the API's rate limit, so the store keeps
   * only the tokens of requests that passed it, and a flood of refused posts leaves nothing.
   */
  release(id: string): Promise<void>;
}

export interface SiteRequestContext {
  config: SiteConfig;
  /**
   * The Content-Security-Policy of a page whose inline scripts have these `'sha256-…'` hashes
   * (pages carry no nonce, so every visitor can be sent the same bytes); undefined: no policy
   * (development).
   */
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string | undefined;
  /** The visitor's IP, forwarded to the API so its limits apply per visitor. */
  clientIp: string;
  /**
   * The id of the request being answered (a proxy's `X-Request-Id`, or a new one), sent with
   * each §7 call so the API's log lines of one page view carry the page's id.
   */
  requestId: string;
  /** Spent puzzle tokens. */
  usedPuzzleTokens: SingleUseStore;
  /**
   * The §7 API of this same process as a `fetch` (no socket, no compression), when the site
   * reads its own server's API; absent: the global `fetch` to `apiBaseUrl`.
   */
  apiFetch?: typeof fetch;
  /** Moves whenever the content changes (a listing added, edited or removed): cached §7 answers are dropped. */
  contentVersion: number;
}

export const siteRequestContext = createContext<SiteRequestContext>();
