import { describe, expect, it } from "vitest";
import { mapEmbedUrl, youtubeEmbedUrl } from "./embeds.ts";

describe("youtubeEmbedUrl", () => {
  const embed = "https://www.youtube.com/embed/dQw4w9WgXcQ";

  it("reads watch, short, shorts and embed URLs and bare ids", () => {
    expect(youtubeEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe(embed);
    expect(youtubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ?t=3")).toBe(embed);
    expect(youtubeEmbedUrl("https://youtube.com/shorts/dQw4w9WgXcQ")).toBe(embed);
    expect(youtubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?rel=0")).toBe(
      `${embed}?rel=0`,
    );
    expect(youtubeEmbedUrl("dQw4w9WgXcQ")).toBe(embed);
  });

  it("answers undefined for empty, foreign and unsafe values", () => {
    expect(youtubeEmbedUrl(null)).toBeUndefined();
    expect(youtubeEmbedUrl("")).toBeUndefined();
    expect(youtubeEmbedUrl("https://vimeo.com/123456")).toBeUndefined();
    expect(youtubeEmbedUrl("javascript:alert(1)")).toBeUndefined();
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
