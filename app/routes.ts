import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** Every screen of SPEC §2, and the files for search engines. */
export default [
  index("routes/home.tsx"),
  route("property", "routes/property-grid.tsx"),
  route("property/:code", "routes/property-detail.tsx"),
  route("search", "routes/search.tsx"),
  route("services", "routes/services.tsx"),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/about.tsx"),
  route("faq", "routes/faq.tsx"),
  route("gallery", "routes/gallery.tsx"),
  route("investment", "routes/investment.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemap/:file", "routes/sitemap-file.ts"),
  // enquiryPuzzlePath (app/context.ts): the enquiry forms' puzzles, never cached.
  route("enquiry/puzzle", "routes/enquiry-puzzle.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
