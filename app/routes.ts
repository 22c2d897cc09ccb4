import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { sitePages } from "./site-pages.ts";

/** Every screen of SPEC §2, and the files for search engines. */
export default [
  ...sitePages.map(({ path, file }) => (path === "/" ? index(file) : route(path.slice(1), file))),
  route("property/:code", "routes/property-detail.tsx"),
  // The property's PDF brochure (decision 053): not in the sitemap, noindex.
  route("property/:code/brochure.pdf", "routes/property-brochure.ts"),
  // Booking a viewing (decision 101): per visitor, never cached, noindex.
  route("property/:code/viewing", "routes/property-viewing.tsx"),
  // A member of staff's private calendar feed of their viewings (decision 101).
  route("calendar/viewings/:file", "routes/viewing-calendar.ts"),
  // The markers of /search?view=map (decision 054), as JSON.
  route("search/markers", "routes/search-markers.ts"),
  // The visitor's shortlist and the comparison (decision 047): not in the sitemap, noindex.
  route("shortlist", "routes/shortlist.tsx"),
  route("compare", "routes/compare.tsx"),
  // Search alerts (decision 055): per visitor, never cached, noindex.
  route("alerts", "routes/alerts.tsx"),
  route("alerts/confirm", "routes/alerts-confirm.tsx"),
  route("alerts/manage", "routes/alerts-manage.tsx"),
  route("alerts/unsubscribe", "routes/alerts-unsubscribe.tsx"),
  // The newsletter (decision 078): per visitor, never cached, noindex.
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemap/:file", "routes/sitemap-file.ts"),
  // enquiryPuzzlePath (app/context.ts): the enquiry forms' puzzles, never cached.
  route("enquiry/puzzle", "routes/enquiry-puzzle.ts"),
  // enquirySendPath (app/context.ts): an enquiry sent by the forms' script, answered as JSON.
  route("enquiry/send/:form", "routes/enquiry-send.ts"),
  // A listing's preview for signed-in staff (decision 070): a public page's document, so not
  // under the back office's frame; it checks the session itself.
  route("admin/listings/:code/preview", "routes/admin/listing-preview.tsx"),
  // The listing editor's live position check: it checks the session itself and answers 401
  // without redirecting, since a fetcher follows a redirect to the sign-in page and would take
  // the editor, with what was typed, away with it (decision 069).
  route("admin/listings/location", "routes/admin/listing-location.ts"),
  // The back office (decision 036): not linked from the public site.
  route("admin", "routes/admin/layout.tsx", [
    route("sign-in", "routes/admin/sign-in.tsx"),
    route("set-password/:token", "routes/admin/set-password.tsx"),
    layout("routes/admin/signed-in.tsx", [
      index("routes/admin/home.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("staff/:id/remove", "routes/admin/staff-remove.tsx"),
      route("password", "routes/admin/staff-password.tsx"),
      route("listings", "routes/admin/listings.tsx"),
      route("listings/new", "routes/admin/listing-new.tsx"),
      route("listings/import-export", "routes/admin/listing-transfer.tsx"),
      route("listings/export", "routes/admin/listing-export.ts"),
      route("listings/related", "routes/admin/listing-related.tsx"),
      route("listings/geocode", "routes/admin/listing-geocode.ts"),
      route("listings/:code/edit", "routes/admin/listing-edit.tsx"),
      route("listings/:code/duplicate", "routes/admin/listing-duplicate.tsx"),
      route("listings/:code/delete", "routes/admin/listing-delete.tsx"),
      route("listings/:code/photos", "routes/admin/listing-photos.tsx"),
      // A listing's figures and its vendor report (decision 099).
      route("listings/:code/figures", "routes/admin/listing-figures.tsx"),
      route("listings/:code/figures/report", "routes/admin/listing-figures-report.ts"),
      route("listings/:code/applicants", "routes/admin/applicant-listing.tsx"),
      route("listings/:code/photos/upload", "routes/admin/listing-photos-upload.ts"),
      route("applicants", "routes/admin/applicants.tsx"),
      route("applicants/new", "routes/admin/applicant-new.tsx"),
      route("applicants/:id", "routes/admin/applicant.tsx"),
      route("enquiries", "routes/admin/enquiries.tsx"),
      route("enquiries/export", "routes/admin/enquiries-export.ts"),
      route("enquiries/data-requests", "routes/admin/enquiry-data-requests.tsx"),
      route("enquiries/data-requests/export", "routes/admin/enquiry-data-export.ts"),
      route("enquiries/:id", "routes/admin/enquiry.tsx"),
      // The viewings diary and one viewing (decision 102).
      route("viewings", "routes/admin/viewings.tsx"),
      route("viewings/:id", "routes/admin/viewing.tsx"),
      // Viewing hours, days off and calendar feeds (decision 101).
      route("viewings/availability", "routes/admin/viewing-availability.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("feeds", "routes/admin/feeds.tsx"),
      route("portals", "routes/admin/portals.tsx"),
      // The newsletter's addresses (decision 078), owners only.
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/export", "routes/admin/newsletter-export.ts"),
      // The site's content (decision 057).
      route("sliders", "routes/admin/sliders.tsx"),
      route("sliders/new", "routes/admin/slider-new.tsx"),
      route("sliders/:id", "routes/admin/slider-edit.tsx"),
      route("collections", "routes/admin/collections.tsx"),
      route("collections/:number", "routes/admin/collection-edit.tsx"),
      route("profile", "routes/admin/profile.tsx"),
      route("amenities", "routes/admin/amenities.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("sign-out", "routes/admin/sign-out.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
