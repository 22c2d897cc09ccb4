import { imageUrl, useSiteSettings } from "../../site-settings.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import type { PropertyVideo as Video } from "./embeds.ts";

export interface PropertyVideoProps {
  video: Video;
  /** The property's headline: the player's and the poster's names. */
  headline: string;
  /** The cover image's file (under /property/): the poster. */
  cover: string;
}

/** Whether an MP4 URL is served from the site or its image host, which the CSP's media-src allows. */
function isOwnFile(url: string, siteUrl: string, imageBaseUrl: string): boolean {
  if (url.startsWith("/")) return true;
  const origins = [siteUrl, imageBaseUrl]
    .filter((base) => /^https?:\/\//.test(base))
    .map((base) => new URL(base).origin);
  return origins.includes(new URL(url).origin);
}

/**
 * The Video tab's content (decision 049). A YouTube video is a poster of our own (the
 * property's cover and a play button) linking to the video on YouTube: nothing is asked of
 * YouTube until the visitor presses play, when enhanceVideo puts the youtube-nocookie.com
 * player in its place. A self-hosted MP4 is a `<video>` that loads nothing before play.
 */
export function PropertyVideo({ video, headline, cover }: PropertyVideoProps) {
  const { siteUrl, imageBaseUrl } = useSiteSettings();
  if (video.kind === "file") {
    if (!isOwnFile(video.url, siteUrl, imageBaseUrl)) {
      return (
        <p className="property-video__link">
          <a href={video.url}>Watch the video of {headline}</a>
        </p>
      );
    }
    const path = video.url.startsWith(siteUrl) ? video.url.slice(siteUrl.length) : video.url;
    return (
      <div className="property-embed property-embed--video">
        {/* biome-ignore lint/a11y/useMediaCaption: the listing holds one video URL and no captions file. */}
        <video
          className="property-video__file"
          src={path}
          controls
          preload="none"
          poster={cover ? imageUrl(imageBaseUrl, "property", cover) : undefined}
          aria-label={`Video of ${headline}`}
        >
          <a href={path}>Download the video of {headline}</a>
        </video>
      </div>
    );
  }
  return (
    <div
      className="property-embed property-embed--video property-video"
      data-enhance="video"
      data-video-src={video.embedUrl}
      data-video-title={`Video of ${headline}`}
    >
      <a className="property-video__poster" href={video.watchUrl} rel="noopener">
        <ResponsiveImage
          folder="property"
          file={cover}
          alt=""
          width={780}
          height={439}
          sizes={imageSizes.detailCover}
          className="property-video__image"
        />
        <span className="property-video__play">
          <Icon name="play" size={28} />
          <span className="property-video__label">Play the video of {headline}</span>
        </span>
      </a>
      <p className="property-video__notice">
        Plays from YouTube (youtube-nocookie.com), which is asked for nothing before you press play.
      </p>
    </div>
  );
}
