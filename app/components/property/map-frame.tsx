/**
 * The Location tab's Google map (SPEC §7 `google_map`, decision 070): a box the script fills
 * with the embed's frame once the tab's panel is shown, so the page asks Google for nothing
 * before the visitor opens the tab. Without scripting the box is not shown at all: the tab's
 * 'Open in Google Maps' link is the way to Google then, and no frame loads unasked.
 */
export interface MapFrameProps {
  /** A checked embed URL (googleMapFrameUrl): only such a URL is ever framed. */
  src: string;
  /** The property's headline: the frame's name for screen readers. */
  headline: string;
}

export function MapFrame({ src, headline }: MapFrameProps) {
  return (
    <div
      className="property-map-frame"
      data-enhance="map-frame"
      data-frame-src={src}
      data-frame-title={`Google map of ${headline}`}
    />
  );
}
