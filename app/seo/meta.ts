/**
 * Every page's head metadata for search engines and social previews: title, description,
 * canonical link, robots, Open Graph and Twitter card tags (docs/decisions/011). Pure builders,
 * so each rule is tested on its own; the routes' `meta` exports call `routeMeta`.
 */

import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import type { CompanyProfile } from "../../lib/api-contract.ts";
import {
  type AreaUnit,
  type CurrencyFormat,
  defaultAreaUnit,
  defaultCurrency,
} from "../../lib/format.ts";
import { imageUrl } from "../site-settings.ts";

/** What every page's metadata is built from: the company profile and the site's address. */
export interface SeoSite {
  /** The site's public address (SITE_URL), no trailing slash. */
  siteUrl: string;
  /** Where images are served from (IMAGE_BASE_URL), possibly a path such as /images. */
  imageBaseUrl: string;
  /** The profile's business name; '' when the profile could not be read. */
  businessName: string;
  /** The profile's page description (SPEC §1: the site's description metadata). */
  description: string;
  /** Absolute URL of the logo: the social image of pages without their own. */
  logoUrl: string;
  /** How prices are shown (CURRENCY). */
  currency: CurrencyFormat;
  /** The configured area unit (AREA_UNIT): descriptions are the same for every URL of a page. */
  areaUnit: AreaUnit;
}

/** One page's own part of the metadata. */
export interface PageSeo {
  /** The page's own title, shown before the business name; none: the business name alone. */
  title?: string;
  /** The page's description (short: builders clip what they derive); the profile's by default. */
  description?: string;
  /** The canonical path and query, such as '/property?page=2'; null: no canonical link. */
  canonicalPath: string | null;
  /** `noindex, follow` and the like; none: indexable (the robots default). */
  robots?: string;
  /** Absolute URL of the page's social image; the logo by default. */
  image?: string;
  /** The social image's text alternative. */
  imageAlt?: string;
}

/** Where a meta function finds the root loader's data. */
export type MetaMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** What the root loader answers that the metadata needs (a structural subset). */
export interface SeoRootData {
  records: { profile: CompanyProfile[] };
  settings: {
    imageBaseUrl: string;
    siteUrl: string;
    currency?: CurrencyFormat;
    areaUnit?: AreaUnit;
  };
}

/** Used when the profile cannot be read: the site still has a title. */
export const fallbackSiteTitle = "Homes for rent and for sale";

/** The length search engines show of a description, about. */
const descriptionLength = 160;

/** `url` as an absolute URL: a path (such as a relative IMAGE_BASE_URL's) goes under SITE_URL. */
export function absoluteUrl(siteUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("//")) return `${new URL(siteUrl).protocol}${url}`;
  return `${siteUrl}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The metadata's view of the root loader's data; empty values when it is missing. */
export function seoSiteOf(root: SeoRootData | undefined): SeoSite {
  const profile = root?.records.profile[0];
  const siteUrl = root?.settings.siteUrl ?? "";
  const imageBaseUrl = root?.settings.imageBaseUrl ?? "/images";
  const logo = imageUrl(imageBaseUrl, "", profile?.image_url || "logo.png");
  return {
    siteUrl,
    imageBaseUrl,
    businessName: profile?.business_name ?? "",
    description: profile?.page_description ?? "",
    logoUrl: absoluteUrl(siteUrl, logo),
    currency: root?.settings.currency ?? defaultCurrency,
    areaUnit: root?.settings.areaUnit ?? defaultAreaUnit,
  };
}

/** The root loader's data among a meta function's matches. */
export function rootDataOf(matches: MetaMatches): SeoRootData | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as SeoRootData | undefined;
}

/** Plain text of an HTML fragment (a property's description), on one line. */
export function plainText(html: string): string {
  const entities: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    nbsp: " ",
  };
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== "#") return entities[name.toLowerCase()] ?? whole;
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : " ";
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
export function clip(text: string, max = descriptionLength): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

/** A page title with the business name after it, such as 'About Us | Harbor & Pine Realty'. */
export function fullTitle(site: SeoSite, title: string | undefined): string {
  if (!title) return site.businessName || fallbackSiteTitle;
  return site.businessName ? `${title} | ${site.businessName}` : title;
}

/** The head tags of one page. */
export function buildPageMeta(site: SeoSite, page: PageSeo): MetaDescriptor[] {
  const title = fullTitle(site, page.title);
  const description = page.description || site.description || title;
  const image = page.image ?? site.logoUrl;
  const imageAlt = page.imageAlt ?? (page.image ? title : `${site.businessName || title} logo`);
  const canonical =
    page.canonicalPath === null ? undefined : absoluteUrl(site.siteUrl, page.canonicalPath);
  const tags: MetaDescriptor[] = [{ title }, { name: "description", content: description }];
  if (page.robots) tags.push({ name: "robots", content: page.robots });
  if (canonical) tags.push({ tagName: "link", rel: "canonical", href: canonical });
  if (site.businessName) tags.push({ property: "og:site_name", content: site.businessName });
  tags.push(
    { property: "og:type", content: "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  );
  if (canonical) tags.push({ property: "og:url", content: canonical });
  tags.push(
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  );
  return tags;
}

/** The 404 page's metadata: never indexed, no canonical. */
export const notFoundSeo: PageSeo = {
  title: "Page Not Found",
  canonicalPath: null,
  robots: "noindex",
};

/** The metadata of an error page: never indexed, no canonical. */
export function errorPageSeo(error: unknown): PageSeo {
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundSeo;
  return { title: "Something went wrong", canonicalPath: null, robots: "noindex" };
}

/**
 * A route's `meta`: its own `page` part on the site's profile and address. When the route has
 * no data (its loader failed) or an error is shown, the error page's metadata instead.
 */
export function routeMeta(
  args: { matches: MetaMatches; error?: unknown },
  page: PageSeo | undefined,
): MetaDescriptor[] {
  const site = seoSiteOf(rootDataOf(args.matches));
  return buildPageMeta(site, args.error || !page ? errorPageSeo(args.error) : page);
}
