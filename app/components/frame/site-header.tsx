import { useId } from "react";
import { Link, NavLink } from "react-router";
import { useProfile } from "../../store/records.ts";
import { Icon } from "../icons.tsx";
import { ResponsiveImage } from "../responsive-image.tsx";
import { ShortlistHeaderLink } from "../shortlist/shortlist-toggle.tsx";
import { siteNavigation } from "./navigation.ts";

/**
 * The header: the logo (to /) and the navigation of SPEC §2, the current path marked with
 * aria-current="page". Below the desktop breakpoint a menu button opens the navigation as a
 * popover, which works without JavaScript; `enhanceMenu` adds the rest (decision 021). It
 * closes on Escape (focus back on the button), on a click outside and when focus leaves the
 * header.
 */
export function SiteHeader() {
  const profile = useProfile();
  const navId = useId();

  const name = profile.business_name;
  return (
    <header className="site-header" data-enhance="menu">
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          <ResponsiveImage
            className="site-header__logo"
            folder=""
            file={profile.image_url || "logo.png"}
            alt={name || "Home"}
            width={180}
            height={48}
            loading="eager"
          />
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          popoverTarget={navId}
          aria-controls={navId}
        >
          <Icon name="menu" size={22} className="icon--menu" />
          <Icon name="close" size={22} className="icon--close" />
          <span className="site-header__menu-label">Menu</span>
        </button>
        <nav id={navId} aria-label="Main" className="site-header__nav" popover="auto">
          <ul className="site-header__links">
            {siteNavigation.map((item) => (
              <li key={item.to} className="site-header__item">
                <NavLink to={item.to} end={item.to === "/"} className="site-header__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ShortlistHeaderLink />
      </div>
    </header>
  );
}
