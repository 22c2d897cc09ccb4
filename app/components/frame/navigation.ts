/** The header navigation, in order (SPEC §2 'Common frame'). */
export const siteNavigation = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Properties", to: "/property" },
  { label: "Services", to: "/services" },
  { label: "Contact", to: "/contact" },
  { label: "Investment", to: "/investment" },
] as const;

/** The footer's quick links (SPEC §2). */
export const footerQuickLinks = [
  { label: "About Us", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "Properties", to: "/property" },
  { label: "FAQ", to: "/faq" },
  { label: "Gallery", to: "/gallery" },
] as const;

/** The property types named by the footer, the search form and the home blocks. */
export const propertyTypes = ["Apartments", "Houses", "Commercial", "Garages"] as const;
