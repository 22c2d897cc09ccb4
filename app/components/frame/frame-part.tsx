/**
 * A part of the frame given as HTML rendered once by the server (frame-html.server.tsx), in a
 * wrapper without a box of its own (`display: contents`), so the page lays out as without it.
 */
export function FramePart({ html }: { html: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of the frame's components
    <div className="site-frame-part" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
