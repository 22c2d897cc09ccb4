import { describe, expect, it } from "vitest";
import {
  googleMapFrameUrl,
  googleMapsLink,
  mapEmbedUrl,
  propertyVideo,
  youtubeEmbedUrl,
} from "./embeds.ts";

describe("youtubeEmbedUrl", () => {
  const embed = "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ";

  it("reads watch, short, shorts and embed URLs and bare ids, into the nocookie embed", () => {
    expect(youtubeEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(embed);
    expect(youtubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ?t=3")).toBe(embed);
    expect(youtubeEmbedUrl("https://youtube.com/shorts/dQw4w9WgXcQ")).toBe(embed);
    expect(youtubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0")).toBe(embed);
    expect(youtubeEmbedUrl("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe(embed);
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe(embed);
  });

  it("answers undefined for empty, foreign and unsafe values", () => {
    expect(youtubeEmbedUrl(null)).toBeUndefined();
    expect(youtubeEmbedUrl("")).toBeUndefined();
    expect(youtubeEmbedUrl("https://vimeo.com/123456")).toBeUndefined();
    expect(youtubeEmbedUrl("javascript:alert(1)")).toBeUndefined();
    expect(youtubeEmbedUrl("https://www.youtube.com.attacker.example/embed/dQw4w9WgXcQ")).toBe(
      undefined,
    );
  });
});

describe("propertyVideo", () => {
  it("plays YouTube through the nocookie player, linking to the watch page", () => {
    expect(propertyVideo("https://www.youtube.com/embed/dQw4w9WgXcQ")).toEqual({
      kind: "youtube",
      id: "dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1",
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
  });

  it("plays an MP4 file by URL or path on the site", () => {
    expect(propertyVideo("https://homes.example.com/media/tour.MP4")).toEqual({
      kind: "file",
      url: "https://homes.example.com/media/tour.MP4",
    });
    expect(propertyVideo("/media/tour.mp4")).toEqual({ kind: "file", url: "/media/tour.mp4" });
    expect(propertyVideo("https://cdn.example.com/v/tour.mp4?v=2")).toEqual({
      kind: "file",
      url: "https://cdn.example.com/v/tour.mp4?v=2",
    });
  });

  it("has no video for empty, other and unsafe values", () => {
    expect(propertyVideo(null)).toBeUndefined();
    expect(propertyVideo("  ")).toBeUndefined();
    expect(propertyVideo("https://vimeo.com/123456")).toBeUndefined();
    expect(propertyVideo("javascript:alert(1)//.mp4")).toBeUndefined();
    expect(propertyVideo("//evil.example/tour.mp4")).toBeUndefined();
    expect(propertyVideo("https://user:pw@example.com/tour.mp4")).toBeUndefined();
    expect(propertyVideo("https://example.com/tour.mov")).toBeUndefined();
  });
});

describe("mapEmbedUrl", () => {
  it("keeps https URLs on Google Maps' embed origins only", () => {
    expect(mapEmbedUrl("https://www.google.com/maps/embed?pb=x")).toBe(
      "https://www.google.com/maps/embed?pb=x",
    );
    expect(mapEmbedUrl("https://maps.google.com/maps?q=Toronto&output=embed")).toBe(
      "https://maps.google.com/maps?q=Toronto&output=embed",
    );
    expect(mapEmbedUrl("https://attacker.example/maps/embed?pb=x")).toBeUndefined();
    expect(mapEmbedUrl("https://www.google.com.attacker.example/maps")).toBeUndefined();
    expect(mapEmbedUrl("https://www.google.com@attacker.example/maps")).toBeUndefined();
    expect(mapEmbedUrl("https://user:pw@www.google.com/maps/embed")).toBeUndefined();
    expect(mapEmbedUrl("http://www.google.com/maps/embed?pb=x")).toBeUndefined();
    expect(mapEmbedUrl("http://example.com/map")).toBeUndefined();
    expect(mapEmbedUrl("javascript:alert(1)")).toBeUndefined();
    expect(mapEmbedUrl(undefined)).toBeUndefined();
  });
});

describe("googleMapsLink", () => {
  it("links an embed page to Google Maps at the coordinates, other Google URLs as they are", () => {
    expect(googleMapsLink("https://www.google.com/maps/embed?pb=x", 43.65, -79.38)).toBe(
      "https://www.google.com/maps/search/?api=1&query=43.65,-79.38",
    );
    expect(googleMapsLink("https://www.google.com/maps/embed?pb=x", null, null)).toBe(
      "https://www.google.com/maps/embed?pb=x",
    );
    expect(googleMapsLink("https://maps.google.com/maps?q=Toronto", 1, 2)).toBe(
      "https://maps.google.com/maps?q=Toronto",
    );
    expect(googleMapsLink("https://www.google.com/maps?q=1%20Main%20St&output=embed", 1, 2)).toBe(
      "https://www.google.com/maps?q=1+Main+St",
    );
  });

  it("gives no link for an empty value or another host", () => {
    expect(googleMapsLink("", 1, 2)).toBeUndefined();
    expect(googleMapsLink(null)).toBeUndefined();
    expect(googleMapsLink("https://attacker.example/maps/embed?pb=x", 1, 2)).toBeUndefined();
  });
});

describe("googleMapFrameUrl", () => {
  it("frames Google's embed pages on www.google.com: the Share dialog's, the Embed API's, a search's", () => {
    for (const url of [
      "https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d2!2d-79.38!3d43.65",
      "https://www.google.com/maps/embed/v1/place?key=k&q=Toronto",
      "https://www.google.com/maps?q=1%20Main%20St%2C%20Canada&output=embed",
    ]) {
      expect(googleMapFrameUrl(url), url).toBe(new URL(url).toString());
    }
    expect(googleMapFrameUrl(" https://www.google.com/maps/embed?pb=x ")).toBe(
      "https://www.google.com/maps/embed?pb=x",
    );
  });

  it("frames nothing else: other paths, origins, ports, schemes and credentials stay a link", () => {
    for (const url of [
      "https://www.google.com/maps?q=Toronto",
      "https://www.google.com/maps/place/Toronto",
      "https://www.google.com/maps/embedded?pb=x",
      "https://www.google.com/search?q=x&output=embed",
      "https://www.google.com/url?q=https://attacker.example/&output=embed",
      "https://maps.google.com/maps?q=Toronto&output=embed",
      "https://www.google.com:8443/maps/embed?pb=x",
      "http://www.google.com/maps/embed?pb=x",
      "https://user:pw@www.google.com/maps/embed?pb=x",
      "https://www.google.com.attacker.example/maps/embed?pb=x",
      "https://attacker.example/maps/embed?pb=x",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(googleMapFrameUrl(url), String(url)).toBeUndefined();
    }
  });
});
