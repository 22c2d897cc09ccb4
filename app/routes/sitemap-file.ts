import { siteRequestContext } from "#app-context";
import {
  countPublishedProperties,
  sitemapCacheControl,
  sitemapFileCount,
  sitemapFileStream,
} from "../seo/sitemap.server.ts";
import type { Route } from "./+types/sitemap-file";

/** /sitemap/{n}.xml: one file of the sitemap index (the pages are in file 1). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { config, api } = context.get(siteRequestContext);
  const match = /^([1-9]\d{0,5})\.xml$/.exec(params.file);
  const file = match ? Number(match[1]) : 0;
  if (file < 1 || file > sitemapFileCount(await countPublishedProperties(api))) {
    return new Response("Not Found", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const body = sitemapFileStream({
    api,
    siteUrl: config.siteUrl,
    imageBaseUrl: config.imageBaseUrl,
    soldListingDays: config.soldListingSitemapDays,
    file,
  });
  return new Response(body, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": sitemapCacheControl,
    },
  });
}
