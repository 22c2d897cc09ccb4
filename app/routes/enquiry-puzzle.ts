/**
 * The enquiry forms' puzzles (decision 031): a fresh puzzle and a spare, with their signed
 * single-use tokens, for every request. Pages carry none, so they are the same for every
 * visitor; the form reads this with JavaScript. Never kept by any cache: the page cache leaves
 * this path alone, and `no-store` tells browsers and proxies the same.
 */
import { siteRequestContext } from "#app-context";
import { issueEnquiryPuzzles } from "../enquiry/puzzle-token.server.ts";
import type { Route } from "./+types/enquiry-puzzle";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(siteRequestContext);
  return Response.json(issueEnquiryPuzzles(config.puzzleSecret), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
