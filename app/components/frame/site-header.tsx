import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useProfile } from "../../store/records.ts";
import { Icon } from "../icons.tsx";
import { ResponsiveImage } from "../responsive-image.tsx";
import { siteNavigation } from "./navigation.ts";

/**
 * The header: the logo (to /) and the navigation of SPEC §2, the current path marked with
 * aria-current="page". Below the desktop breakpoint a menu button toggles the navigation; it
 * closes on navigation, on Escape (focus back on the button) and when focus leaves the header.
 */
export function SiteHeader() {
  const profile = useProfile();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on every navigation
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Focus inside the closing menu would fall to the page's start: it goes back to the button.
      if (navRef.current?.contains(document.activeElement)) menuButtonRef.current?.focus();
      setOpen(false);
    };
    // The open menu lies over the page: once focus moves on past the header, it closes so that
    // it hides nothing focused below it (WCAG 2.2 2.4.11).
    const onFocusIn = (event: FocusEvent) => {
      if (!headerRef.current?.contains(event.target as Node | null)) setOpen(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  const name = profile.business_name;
  return (
    <header className="site-header" ref={headerRef}>
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
          ref={menuButtonRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? "close" : "menu"} size={22} />
          <span className="site-header__menu-label">Menu</span>
        </button>
        <nav
          ref={navRef}
          id={navId}
          aria-label="Main"
          className={open ? "site-header__nav site-header__nav--open" : "site-header__nav"}
        >
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
      </div>
    </header>
  );
}
