/**
 * What the server hands the site for each request, through React Router's context
 * (dependencies are injected, not imported as globals). This module is imported through the
 * `#app-context` package import by both the Fastify server and the site, so both sides share
 * one context token (see @mcansh/react-router-fastify, "Shared Context").
 */
import { createContext } from "react-router";
import type { ApiClient } from "./api/client.server.ts";

export interface SiteConfig {
  /** Base URL the browser loads images from, such as /images. */
  imageBaseUrl: string;
  /**
   * The site's public address without a trailing slash (SITE_URL), such as
   * https://homes.example.com: canonical links, the sitemap and social cards are built on it.
   */
  siteUrl: string;
  /** Whether the image host serves WebP derivatives, so images carry a `srcset`. */
  imageDerivatives: boolean;
  /** Origin of the separate investors site (Login, Register, plan sign-up). */
  investorsUrl: string;
  /** Secret that signs the enquiry puzzle tokens. Server-side only. */
  puzzleSecret: string;
}

/**
 * Issues a value that belongs to one visitor (an enquiry puzzle and its single-use token):
 * a page calls `perVisitor(issue)` instead of `issue()`. A plain render answers `issue()`. A
 * render for the page cache answers a placeholder of the same shape (an unguessable ASCII
 * word per field, unchanged by any escaping) and the cache calls `issue` afresh for every
 * response, putting the values in the placeholders' places. So values must be strings of
 * characters that HTML, JSON and JavaScript strings carry unescaped (letters, digits, `.-_`).
 */
export type PerVisitor = <T extends { [K in keyof T]: string }>(issue: () => T) => T;

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
  /** The CSP nonce of this response, for every inline and module script. */
  cspNonce: string;
  /** Spent puzzle tokens. */
  usedPuzzleTokens: SingleUseStore;
  /** See PerVisitor. */
  perVisitor: PerVisitor;
  /**
   * The SPEC §7 client for this request (app/api/client.server.ts): the site's only way to
   * data, in process or over HTTP as the server chose. It carries the visitor's IP and the
   * request's id, so the API's limits and log lines are this page view's.
   */
  api: ApiClient;
}

export const siteRequestContext = createContext<SiteRequestContext>();
