import type { SitePagePath } from "../../site-pages.ts";

/** A link of the header or the footer: only to one of the site's pages. */
interface NavigationLink {
  label: string;
  to: SitePagePath;
}

/** The header navigation, in order (SPEC §2 'Common frame'). */
export const siteNavigation = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Properties", to: "/property" },
  { label: "Services", to: "/services" },
  { label: "Contact", to: "/contact" },
  { label: "Investment", to: "/investment" },
] as const satisfies readonly NavigationLink[];

/** The footer's quick links (SPEC §2). */
export const footerQuickLinks = [
  { label: "About Us", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Properties", to: "/property" },
  { label: "FAQ", to: "/faq" },
  { label: "Gallery", to: "/gallery" },
] as const satisfies readonly NavigationLink[];

/** The property types named by the footer, the search form and the home blocks. */
export const propertyTypes = ["Apartments", "Houses", "Commercial", "Garages"] as const;
