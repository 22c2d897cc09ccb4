/** Turning the SPEC's youtube and google_map values into embeddable URLs. */

const youtubeId = /^[\w-]{6,20}$/;

/** The only origin the Video tab frames: YouTube's privacy-enhanced mode (the CSP's frame-src). */
export const youtubeEmbedOrigin = "https://www.youtube-nocookie.com";

/**
 * The id of a YouTube video given as a watch, short, shorts or embed URL (youtube.com,
 * youtube-nocookie.com, youtu.be) or a bare id; undefined for anything else.
 */
export function youtubeVideoId(value: string | null | undefined): string | undefined {
  const raw = (value ?? "").trim();
  if (raw === "") return undefined;
  if (youtubeId.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (url.username !== "" || url.password !== "") return undefined;
  const host = url.hostname.replace(/^(www|m)\./, "");
  let id: string | null | undefined;
  if (host === "youtu.be") id = url.pathname.split("/")[1];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [, kind, rest] = url.pathname.split("/");
    id =
      kind === "watch"
        ? url.searchParams.get("v")
        : kind === "embed" || kind === "shorts"
          ? rest
          : undefined;
  }
  return id && youtubeId.test(id) ? id : undefined;
}

/** The privacy-enhanced embed URL of a YouTube video (see youtubeVideoId), or undefined. */
export function youtubeEmbedUrl(value: string | null | undefined): string | undefined {
  const id = youtubeVideoId(value);
  return id && `${youtubeEmbedOrigin}/embed/${id}`;
}

/** What the Video tab plays (decision 049). */
export type PropertyVideo =
  | {
      kind: "youtube";
      id: string;
      /** The player, loaded only when the visitor presses play (it starts at once). */
      embedUrl: string;
      /** The video's page on YouTube: the poster's link without JavaScript. */
      watchUrl: string;
    }
  | { kind: "file"; url: string };

/**
 * The video of a property's `youtube` field: a YouTube video, or a self-hosted MP4 (an http(s)
 * URL or a path on the site whose path ends in `.mp4`); undefined for anything else, and the
 * tab is then absent.
 */
export function propertyVideo(value: string | null | undefined): PropertyVideo | undefined {
  const raw = (value ?? "").trim();
  if (raw === "") return undefined;
  if (/^\/(?!\/)\S*\.mp4$/i.test(raw.split(/[?#]/)[0] ?? "")) return { kind: "file", url: raw };
  if (/^https?:\/\//i.test(raw)) {
    try {
      const url = new URL(raw);
      if (url.username === "" && url.password === "" && /\.mp4$/i.test(url.pathname))
        return { kind: "file", url: url.toString() };
    } catch {
      return undefined;
    }
  }
  const id = youtubeVideoId(raw);
  if (id === undefined) return undefined;
  return {
    kind: "youtube",
    id,
    embedUrl: `${youtubeEmbedOrigin}/embed/${id}?autoplay=1`,
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
  };
}

/**
 * The origins a property's `google_map` may name: Google Maps. The Location tab links to it
 * (decision 054; it framed it before), and the markup should not carry a stored URL of someone
 * else's choosing.
 */
export const mapEmbedOrigins = ["https://www.google.com", "https://maps.google.com"] as const;

/** The map embed URL when it is on one of mapEmbedOrigins; undefined otherwise. */
export function mapEmbedUrl(value: string | null | undefined): string | undefined {
  const raw = (value ?? "").trim();
  if (raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  // The origin of an https URL with a user name or password is still the host's: refuse them.
  if (url.username !== "" || url.password !== "") return undefined;
  return (mapEmbedOrigins as readonly string[]).includes(url.origin) ? url.toString() : undefined;
}

/**
 * The Location tab's 'Open in Google Maps' link (decision 054): the property's §3 `google_map`
 * when it is on one of mapEmbedOrigins. An embed page (`/maps/embed…`) is meant for a frame,
 * so with coordinates the link opens Google Maps at them instead, and `output=embed` is dropped
 * from a search URL; undefined without a usable `google_map`.
 */
export function googleMapsLink(
  value: string | null | undefined,
  latitude?: number | null,
  longitude?: number | null,
): string | undefined {
  const url = mapEmbedUrl(value);
  if (url === undefined) return undefined;
  const link = new URL(url);
  if (link.pathname.startsWith("/maps/embed") && latitude != null && longitude != null) {
    return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
  }
  // `output=embed` asks for the frame's page: without it, the same search opens in full.
  if (link.searchParams.get("output") === "embed") {
    link.searchParams.delete("output");
    return link.toString();
  }
  return url;
}

/**
 * The one origin the Location tab frames (decision 070): Google Maps' embeds, and the CSP's
 * `frame-src` beside YouTube's player.
 */
export const googleMapFrameOrigin = "https://www.google.com";

/**
 * The Location tab's frame (SPEC §7: `google_map` is the map embed URL; decision 070): the
 * value when it is one of Google's embed pages on {@link googleMapFrameOrigin} — the Share
 * dialog's `/maps/embed?pb=…`, the Embed API's `/maps/embed/v1/…`, or a search asked for as a
 * frame, `/maps?q=…&output=embed` (the demo's) — and undefined for anything else, which the tab
 * offers as a link only (googleMapsLink) and never puts in a frame.
 */
export function googleMapFrameUrl(value: string | null | undefined): string | undefined {
  const embed = mapEmbedUrl(value);
  if (embed === undefined) return undefined;
  const url = new URL(embed);
  if (url.origin !== googleMapFrameOrigin) return undefined;
  const embedPage = url.pathname === "/maps/embed" || url.pathname.startsWith("/maps/embed/");
  const framedSearch = url.pathname === "/maps" && url.searchParams.get("output") === "embed";
  return embedPage || framedSearch ? url.toString() : undefined;
}
