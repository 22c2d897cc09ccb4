/**
 * /sitemap.xml and /robots.txt (docs/decisions/011). The sitemap lists the site's pages and
 * every published property with its images (Google's image extension), read through the §7
 * client one page of the API at a time and streamed out, so memory stays bounded whatever the
 * number of properties. Past `propertiesPerSitemap` properties /sitemap.xml becomes a sitemap
 * index of /sitemap/{n}.xml files (the protocol allows 50,000 URLs and 50 MB per file).
 */
import type { Property } from "../../lib/api-contract.ts";
import { isTaken } from "../../lib/availability.ts";
import { maxSearchLimit } from "../../lib/property-search.ts";
import type { ApiClient } from "../api/client.server.ts";
import { sitePagePaths } from "../site-pages.ts";
import { propertyImageUrls, propertyPath } from "./json-ld.ts";

/**
 * Properties per sitemap file: below the protocol's 50,000 URLs, and with a few image entries
 * each (about 0.6 KB a property) well below its 50 MB. A whole number of API pages.
 */
export const propertiesPerSitemap = 30_000;

/** Sitemaps and robots.txt may be a little stale; crawlers read them seldom. */
export const sitemapCacheControl = "public, max-age=900";

/** A file's share of properties, rounded up to whole API pages so the files never overlap. */
function fileShare(perFile: number): number {
  return Math.ceil(perFile / maxSearchLimit) * maxSearchLimit;
}

/** How many sitemap files `propertyTotal` published properties fill (at least one). */
export function sitemapFileCount(propertyTotal: number, perFile = propertiesPerSitemap): number {
  return Math.max(1, Math.ceil(propertyTotal / fileShare(perFile)));
}

/** How many published properties there are: one small search. */
export async function countPublishedProperties(api: ApiClient): Promise<number> {
  return (await api.searchProperties({ sort: "old", page: 1, limit: 1 })).total;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

const xmlHeader = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The sitemap index of `fileCount` files at /sitemap/{n}.xml. */
export function sitemapIndexXml(siteUrl: string, fileCount: number): string {
  const entries = Array.from(
    { length: fileCount },
    (_, index) =>
      `<sitemap><loc>${escapeXml(`${siteUrl}/sitemap/${index + 1}.xml`)}</loc></sitemap>`,
  );
  return `${xmlHeader}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

function urlEntry(loc: string, images: readonly string[] = []): string {
  const imageEntries = images
    .map((image) => `<image:image><image:loc>${escapeXml(image)}</image:loc></image:image>`)
    .join("");
  return `<url><loc>${escapeXml(loc)}</loc>${imageEntries}</url>\n`;
}

/** One property's `<url>` entry: its page and its images, the cover first. */
export function propertyUrlEntry(siteUrl: string, imageBaseUrl: string, property: Property) {
  return urlEntry(
    `${siteUrl}${propertyPath(property)}`,
    propertyImageUrls(siteUrl, imageBaseUrl, property),
  );
}

const dayMs = 86_400_000;

/**
 * Whether a property belongs in the sitemap: an available one always; one under offer, sold
 * or let (subject to contract) until `soldListingDays` days after its availability changed
 * (its creation when the API gives no change time), so search engines stop sending visitors
 * to a home they can no longer have (decision 046). The page itself stays.
 */
export function isInSitemap(property: Property, soldListingDays: number, now: Date): boolean {
  if (!isTaken(property.availability)) return true;
  const since = Date.parse(property.availability_changed_at ?? property.created_at);
  if (Number.isNaN(since)) return soldListingDays > 0;
  return now.getTime() - since < soldListingDays * dayMs;
}

export interface SitemapFileOptions {
  api: ApiClient;
  siteUrl: string;
  imageBaseUrl: string;
  /** 1-based; file 1 also lists the site's pages. */
  file: number;
  perFile?: number;
  /** Days a taken listing stays listed (SOLD_LISTING_SITEMAP_DAYS); all stay without it. */
  soldListingDays?: number;
  now?: Date;
}

/**
 * One sitemap file as a stream: the pages (file 1), then the file's share of the published
 * properties, oldest first (new properties join at the end, so the files' shares stay put
 * while they are read), one API page per pull: nothing more is fetched than the reader takes.
 */
export function sitemapFileStream(options: SitemapFileOptions): ReadableStream<Uint8Array> {
  const { api, siteUrl, imageBaseUrl, file, soldListingDays } = options;
  const now = options.now ?? new Date();
  const listed = (property: Property) =>
    soldListingDays === undefined || isInSitemap(property, soldListingDays, now);
  const pageSize = maxSearchLimit;
  const pagesPerFile = fileShare(options.perFile ?? propertiesPerSitemap) / pageSize;
  const firstPage = (file - 1) * pagesPerFile + 1;
  const lastPage = file * pagesPerFile;
  let nextPage = firstPage;
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let head = `${xmlHeader}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n`;
      if (file === 1) head += sitePagePaths.map((path) => urlEntry(`${siteUrl}${path}`)).join("");
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      const result =
        nextPage <= lastPage
          ? await api.searchProperties({ sort: "old", page: nextPage, limit: pageSize })
          : undefined;
      nextPage += 1;
      const properties = result?.properties ?? [];
      if (properties.length > 0) {
        controller.enqueue(
          encoder.encode(
            properties
              .filter(listed)
              .map((property) => propertyUrlEntry(siteUrl, imageBaseUrl, property))
              .join(""),
          ),
        );
      }
      if (properties.length < pageSize || nextPage > lastPage) {
        controller.enqueue(encoder.encode("</urlset>\n"));
        controller.close();
      }
    },
  });
}

/** robots.txt: everything but the API may be crawled; the sitemap's absolute address. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
