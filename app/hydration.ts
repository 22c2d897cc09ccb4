/**
 * Which documents hydrate React (decision 043): only the back office's. Every public page is
 * server HTML with the enhancement module (app/entry.enhance.ts) and no React in the browser.
 * Read by the root layout (React Router's scripts or the module) and by the server entry (how
 * the document is rendered), so the two cannot disagree.
 */
import { isListingPreview } from "./listing-preview-path.ts";

/**
 * Whether `pathname` is the back office's, which has its own frame and hydrates. A listing's
 * preview is under /admin but is a public page's document (decision 070).
 */
export function isBackOffice(pathname: string): boolean {
  return /^\/admin(?:\/|$)/i.test(pathname) && !isListingPreview(pathname);
}

/**
 * Whether the server's document at `pathname` hydrates: the back office's, and every page when
 * the build lacks the enhancement module (`enhanceScript`, from the root loader): heavier,
 * working.
 */
export function documentHydrates(pathname: string, enhanceScript: string | undefined): boolean {
  return !enhanceScript || isBackOffice(pathname);
}
