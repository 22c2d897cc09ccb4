import { siteRequestContext } from "#app-context";
import {
  countPublishedProperties,
  sitemapCacheControl,
  sitemapFileCount,
  sitemapFileStream,
  sitemapIndexXml,
} from "../seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap";

const headers = {
  "content-type": "application/xml; charset=utf-8",
  "cache-control": sitemapCacheControl,
};

/**
 * /sitemap.xml: every page and published property in one file while they fit, else the index
 * of the /sitemap/{n}.xml files.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, api } = context.get(siteRequestContext);
  const files = sitemapFileCount(await countPublishedProperties(api));
  if (files > 1) return new Response(sitemapIndexXml(config.siteUrl, files), { headers });
  const body = sitemapFileStream({
    api,
    siteUrl: config.siteUrl,
    imageBaseUrl: config.imageBaseUrl,
    soldListingDays: config.soldListingSitemapDays,
    file: 1,
  });
  return new Response(body, { headers });
}
