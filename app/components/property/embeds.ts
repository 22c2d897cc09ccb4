/** Turning the SPEC's youtube and google_map values into embeddable URLs. */

const youtubeId = /^[\w-]{6,20}$/;

/**
 * The embed URL of a YouTube video given as a watch, short or shorts URL (or a bare id); an
 * https embed URL is kept as it is. Undefined for anything else.
 */
export function youtubeEmbedUrl(value: string | null | undefined): string | undefined {
  const raw = (value ?? "").trim();
  if (raw === "") return undefined;
  if (youtubeId.test(raw)) return `https://www.youtube.com/embed/${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const host = url.hostname.replace(/^(www|m)\./, "");
  const isEmbed = /^\/embed\/[\w-]{6,20}$/.test(url.pathname);
  if (url.protocol === "https:" && isEmbed && /^youtube(-nocookie)?\.com$/.test(host)) return raw;
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
  return id && youtubeId.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
}

/**
 * The origins whose map embeds the Location tab shows: Google Maps' embed pages. The CSP's
 * frame-src allows these (server/plugins/security.ts), so any other origin would be a blank
 * frame at best, and the markup should not carry a stored URL of someone else's choosing.
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
