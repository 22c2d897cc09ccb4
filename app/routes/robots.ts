import { siteRequestContext } from "#app-context";
import { robotsTxt, sitemapCacheControl } from "../seo/sitemap.server.ts";
import type { Route } from "./+types/robots";

/** /robots.txt: crawling allowed (the API aside), and where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(siteRequestContext);
  return new Response(robotsTxt(config.siteUrl), {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": sitemapCacheControl,
    },
  });
}
