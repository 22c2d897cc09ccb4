/**
 * A part of the frame given as HTML rendered once by the server (frame-html.server.tsx), in a
 * wrapper without a box of its own (`display: contents`), so the page lays out as without it.
 * The server entry provides that HTML (`FrameHtmlContext`) to documents that do not hydrate; it
 * is not loader data, which React Router would encode for every page only for no script to
 * read it. Elsewhere (the browser, a hydrating document) the frame renders live.
 */
import { createContext } from "react";

/** The frame's HTML around a page's own content. */
export interface FrameHtml {
  /** The top bar and the header. */
  top: string;
  /** The footer. */
  bottom: string;
}

export const FrameHtmlContext = createContext<FrameHtml | undefined>(undefined);

export function FramePart({ html }: { html: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of the frame's components
    <div className="site-frame-part" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
