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
  /** Whether the image host serves WebP derivatives, so images carry a `srcset`. */
  imageDerivatives: boolean;
  /** Bearer token of the §7 API. Never sent to the browser. */
  apiToken: string;
  /** Origin of the separate investors site (Login, Register, plan sign-up). */
  investorsUrl: string;
  /** Secret that signs the enquiry puzzle tokens. Server-side only. */
  puzzleSecret: string;
}

/**
 * Remembers which single-use tokens (the enquiry puzzle's) were spent. The server provides
 * it: in memory for one process, shared (Redis) when several app servers run.
 */
export interface SingleUseStore {
  /** Records `id` as used until `expiresAt` (ms since epoch); false if it was used already. */
  use(id: string, expiresAt: number): Promise<boolean>;
}

export interface SiteRequestContext {
  config: SiteConfig;
  /** The CSP nonce of this response, for every inline and module script. */
  cspNonce: string;
  /** The visitor's IP, forwarded to the API so its limits apply per visitor. */
  clientIp: string;
  /** Spent puzzle tokens. */
  usedPuzzleTokens: SingleUseStore;
}

export const siteRequestContext = createContext<SiteRequestContext>();
