/**
 * Tells the server a listing was seen or shortlisted (decision 099): one small POST to the
 * figures' beacon, kept alive past the page's unload. Carries no cookie or identifier; the
 * server counts each visitor once a day by a hash it forgets the next day. Failures are ignored:
 * a figure is not worth an error to the visitor.
 */
import { type FigureEvent, figureBeaconPath } from "../../../lib/listing-figures.ts";

export function sendFigure(code: string, event: FigureEvent): void {
  try {
    void fetch(figureBeaconPath, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code, event }),
      credentials: "omit",
      keepalive: true,
    }).catch(() => {});
  } catch {
    // An old browser without fetch: not counted.
  }
}

/**
 * A property page's view (`<span hidden data-enhance="page-view" data-code>`, rendered on the
 * public page only, not the back office's preview): reported once, when the script runs, so a
 * page the page cache or a proxy served counts too.
 */
export function enhancePageView(element: HTMLElement): void {
  const code = element.dataset.code;
  if (code) sendFigure(code, "view");
}
