import { googleMapFrameOrigin } from "./embeds.ts";

/**
 * The Location tab's Google map (MapFrame, decision 070), registered as `map-frame`: puts the
 * embed's frame in its box when the tab panel around it is shown (the tab opened), not before,
 * so Google hears of the page only from a visitor who opens the tab. Only a URL on the embed
 * origin is framed (the server checked it; this keeps a changed attribute from framing anything
 * else).
 *
 * @returns the cleanup, which stops waiting for the tab.
 */
export function enhanceMapFrame(box: HTMLElement): () => void {
  const src = box.dataset.frameSrc;
  if (!src?.startsWith(`${googleMapFrameOrigin}/maps`)) return () => {};
  const panel = box.closest<HTMLElement>('[role="tabpanel"]');
  const load = () => {
    const frame = document.createElement("iframe");
    frame.title = box.dataset.frameTitle ?? "Google map";
    frame.src = src;
    // Below the own map on a phone: the browser fetches it as it nears the screen.
    frame.loading = "lazy";
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.allowFullscreen = true;
    box.append(frame);
  };
  if (!panel?.hidden) {
    load();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (panel.hidden) return;
    observer.disconnect();
    load();
  });
  observer.observe(panel, { attributes: true, attributeFilter: ["hidden"] });
  return () => observer.disconnect();
}
