import { describe, expect, it } from "vitest";
import type { PropertySearch } from "../../lib/property-search.ts";
import { buildProperty } from "../../tests/support/factories.ts";
import type { ApiClient } from "../api/client.server.ts";
import { sitePagePaths } from "../site-pages.ts";
import {
  escapeXml,
  isInSitemap,
  robotsTxt,
  sitemapFileCount,
  sitemapFileStream,
  sitemapIndexXml,
} from "./sitemap.server.ts";

const siteUrl = "https://homes.example.com";

/** A §7 client over `count` properties that records the pages asked for. */
function fakeApi(count: number) {
  const properties = Array.from({ length: count }, () => buildProperty());
  const asked: PropertySearch[] = [];
  const api = {
    async searchProperties(search: PropertySearch) {
      asked.push(search);
      const start = (search.page - 1) * search.limit;
      return {
        properties: properties.slice(start, start + search.limit),
        total: properties.length,
        page: search.page,
        limit: search.limit,
      };
    },
  } as unknown as ApiClient;
  return { api, properties, asked };
}

async function read(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

describe("sitemapFileStream", () => {
  it("lists the pages and every property with its images, oldest first", async () => {
    const { api, properties, asked } = fakeApi(70);
    const xml = await read(sitemapFileStream({ api, siteUrl, imageBaseUrl: "/images", file: 1 }));
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    expect(xml.trimEnd()).toMatch(/<\/urlset>$/);
    expect(locs(xml)).toEqual([
      ...sitePagePaths.map((path) => `${siteUrl}${path}`),
      ...properties.map((property) => `${siteUrl}/property/${property.slug}`),
    ]);
    const first = properties[0]!;
    expect(xml).toContain(
      `<image:image><image:loc>${siteUrl}/images/property/${first.cover_image}</image:loc></image:image>`,
    );
    expect(asked.map((search) => [search.page, search.sort])).toEqual([
      [1, "old"],
      [2, "old"],
    ]);
  });

  it("fetches one API page per read, so memory stays bounded", async () => {
    const { api, asked } = fakeApi(200);
    const reader = sitemapFileStream({
      api,
      siteUrl,
      imageBaseUrl: "/images",
      file: 1,
    }).getReader();
    await reader.read();
    await reader.read();
    expect(asked.length).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("splits properties into files: later files hold their share and no pages", async () => {
    const { api, properties } = fakeApi(150);
    const options = { api, siteUrl, imageBaseUrl: "/images", perFile: 60 };
    const files = await Promise.all(
      [1, 2, 3].map((file) => read(sitemapFileStream({ ...options, file }))),
    );
    const listed = files.flatMap(locs).filter((loc) => loc.includes("/property/"));
    expect(listed).toEqual(properties.map((property) => `${siteUrl}/property/${property.slug}`));
    expect(locs(files[1]!)).toHaveLength(60);
    expect(files[2]).not.toContain(`<loc>${siteUrl}/about</loc>`);
    expect(sitemapFileCount(150, 60)).toBe(3);
  });

  it("escapes what XML must not hold", () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe("a&#38;b&#60;c&#62;&#34;d&#39;");
  });
});

describe("taken listings in the sitemap", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it("stay for the configured days after their availability changed, then leave", () => {
    const available = buildProperty({ availability: "available", created_at: daysAgo(400) });
    const recent = buildProperty({
      availability: "sold_stc",
      availability_changed_at: daysAgo(29),
    });
    const old = buildProperty({ availability: "let_agreed", availability_changed_at: daysAgo(31) });
    const undated = buildProperty({ availability: "under_offer", created_at: daysAgo(40) });
    expect(isInSitemap(available, 30, now)).toBe(true);
    expect(isInSitemap(recent, 30, now)).toBe(true);
    expect(isInSitemap(old, 30, now)).toBe(false);
    expect(isInSitemap(undated, 30, now)).toBe(false);
    expect(isInSitemap(recent, 0, now)).toBe(false);
    expect(isInSitemap(available, 0, now)).toBe(true);
  });

  it("are left out of the file, the rest kept in order", async () => {
    const { api, properties } = fakeApi(5);
    properties[1]!.availability = "sold_stc";
    properties[1]!.availability_changed_at = daysAgo(60);
    properties[3]!.availability = "under_offer";
    properties[3]!.availability_changed_at = daysAgo(2);
    const xml = await read(
      sitemapFileStream({
        api,
        siteUrl,
        imageBaseUrl: "/images",
        file: 2,
        perFile: 60,
        soldListingDays: 30,
        now,
      }),
    );
    expect(locs(xml)).toEqual([]);
    const first = await read(
      sitemapFileStream({
        api,
        siteUrl,
        imageBaseUrl: "/images",
        file: 1,
        soldListingDays: 30,
        now,
      }),
    );
    expect(locs(first).filter((loc) => loc.includes("/property/"))).toEqual(
      [0, 2, 3, 4].map((index) => `${siteUrl}/property/${properties[index]!.slug}`),
    );
  });
});

describe("sitemapFileCount", () => {
  it("is one file up to the limit, then as many as it takes", () => {
    expect(sitemapFileCount(0)).toBe(1);
    expect(sitemapFileCount(30_000)).toBe(1);
    expect(sitemapFileCount(30_001)).toBe(2);
    expect(sitemapFileCount(100_000)).toBe(4);
  });
});

describe("sitemapIndexXml", () => {
  it("lists every file by its absolute address", () => {
    const xml = sitemapIndexXml(siteUrl, 2);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([
      `${siteUrl}/sitemap/1.xml`,
      `${siteUrl}/sitemap/2.xml`,
    ]);
  });
});

describe("robotsTxt", () => {
  it("allows crawling and names the sitemap by its absolute address", () => {
    expect(robotsTxt(siteUrl)).toBe(
      `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    );
  });
});
