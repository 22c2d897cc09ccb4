/**
 * The site's pages of SPEC §2 that take no parameter, home first, each with its route module:
 * the one list of them. app/routes.ts declares a route for each, the sitemap lists them, and the
 * tests and audits visit them (tests/e2e/routes.ts adds a property page and an unknown path).
 */
export const sitePages = [
  { path: "/", file: "routes/home.tsx" },
  { path: "/property", file: "routes/property-grid.tsx" },
  { path: "/search", file: "routes/search.tsx" },
  { path: "/services", file: "routes/services.tsx" },
  { path: "/contact", file: "routes/contact.tsx" },
  { path: "/about", file: "routes/about.tsx" },
  { path: "/faq", file: "routes/faq.tsx" },
  { path: "/gallery", file: "routes/gallery.tsx" },
  { path: "/investment", file: "routes/investment.tsx" },
] as const;

/** A page's path, such as "/property". */
export type SitePagePath = (typeof sitePages)[number]["path"];

/** The paths of `sitePages`, in the same order. */
export const sitePagePaths: readonly SitePagePath[] = sitePages.map((page) => page.path);
