import { Link } from "react-router";
import { useProfile } from "../../store/records.ts";
import { Icon } from "../icons.tsx";
import { mailtoHref, telHref } from "./contact-links.ts";
import { footerQuickLinks, propertyTypes } from "./navigation.ts";
import { SocialIcons } from "./social-icons.tsx";
import { SubscribeForm } from "./subscribe-form.tsx";

/** The copyright year is fixed at 2021 (SPEC §2, §9 quirk). */
export const copyrightYear = 2021;

/** The footer of SPEC §2: contact info, property types, quick links, subscribe box, socials. */
export function SiteFooter() {
  const profile = useProfile();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section
          className="site-footer__column site-footer__column--wide"
          aria-labelledby="footer-contact"
        >
          <h2 className="site-footer__heading" id="footer-contact">
            Contact Info
          </h2>
          <ul className="site-footer__contact">
            {profile.address ? (
              <li className="site-footer__contact-item">
                <Icon name="mapPin" size={18} />
                <span>{profile.address}</span>
              </li>
            ) : null}
            {profile.telephone ? (
              <li className="site-footer__contact-item">
                <Icon name="phone" size={18} />
                <a href={telHref(profile.telephone)}>{profile.telephone}</a>
              </li>
            ) : null}
            {profile.email_address ? (
              <li className="site-footer__contact-item">
                <Icon name="mail" size={18} />
                <a href={mailtoHref(profile.email_address)}>{profile.email_address}</a>
              </li>
            ) : null}
          </ul>
          <Link to="/contact" className="button button--accent site-footer__cta">
            Contact Us Today
          </Link>
        </section>
        <nav className="site-footer__column" aria-labelledby="footer-types">
          <h2 className="site-footer__heading" id="footer-types">
            Property Types
          </h2>
          <ul className="site-footer__links">
            {propertyTypes.map((type) => (
              <li key={type}>
                <Link to={`/search?type=${encodeURIComponent(type)}`} className="site-footer__link">
                  {type}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-quick">
          <h2 className="site-footer__heading" id="footer-quick">
            Quick Links
          </h2>
          <ul className="site-footer__links">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="site-footer__link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section
          className="site-footer__column site-footer__column--wide"
          aria-labelledby="footer-subscribe"
        >
          <h2 className="site-footer__heading" id="footer-subscribe">
            Subscribe
          </h2>
          <p className="site-footer__text">
            New listings and market news in your inbox, once a month.
          </p>
          <SubscribeForm tone="dark" label="Your e-mail address" />
          <SocialIcons className="site-footer__social" />
        </section>
      </div>
      <div className="site-footer__bottom">
        <p className="site-footer__copyright">
          {`© ${copyrightYear} ${profile.business_name}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
