import { sitePagePaths } from "../../app/site-pages.ts";

/**
 * Every route of SPEC §2, as the accessibility tests and `npm run audit:html` visit them:
 * `{slug}` stands for a published property's slug, and the last path is any unknown one (404).
 */
export const siteRoutes = [...sitePagePaths, "/property/{slug}", "/no-such-page"] as const;

/** A route with `{slug}` filled in. */
export function routePath(route: string, slug: string): string {
  return route.replace("{slug}", encodeURIComponent(slug));
}
