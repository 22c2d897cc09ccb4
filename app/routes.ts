import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { sitePages } from "./site-pages.ts";

/** Every screen of SPEC §2, and the files for search engines. */
export default [
  ...sitePages.map(({ path, file }) => (path === "/" ? index(file) : route(path.slice(1), file))),
  route("property/:code", "routes/property-detail.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemap/:file", "routes/sitemap-file.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
