import { useSiteSettings } from "../../site-settings.ts";
import { useProfile } from "../../store/records.ts";
import { Icon } from "../icons.tsx";
import { investorsHref, mailtoHref, telHref } from "./contact-links.ts";

/** The strip above the header: support phone and e-mail, Login and Register (SPEC §2). */
export function TopBar() {
  const profile = useProfile();
  const { investorsUrl } = useSiteSettings();
  return (
    <nav className="top-bar" aria-label="Support and account">
      <div className="top-bar__inner">
        <ul className="top-bar__contact" aria-label="Support">
          {profile.telephone ? (
            <li className="top-bar__item">
              <Icon name="phone" size={14} />
              <a className="top-bar__link" href={telHref(profile.telephone)}>
                {profile.telephone}
              </a>
            </li>
          ) : null}
          {profile.email_address ? (
            <li className="top-bar__item">
              <Icon name="mail" size={14} />
              <a className="top-bar__link" href={mailtoHref(profile.email_address)}>
                {profile.email_address}
              </a>
            </li>
          ) : null}
        </ul>
        <ul className="top-bar__account" aria-label="Investors">
          <li className="top-bar__item">
            <Icon name="user" size={14} />
            <a className="top-bar__link" href={investorsHref(investorsUrl, "login")}>
              Login
            </a>
          </li>
          <li className="top-bar__item">
            <Icon name="userPlus" size={14} />
            <a className="top-bar__link" href={investorsHref(investorsUrl, "register")}>
              Register
            </a>
          </li>
        </ul>
      </div>
    </nav>
  );
}
