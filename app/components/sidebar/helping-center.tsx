import { useId } from "react";
import { useProfile } from "../../store/records.ts";
import { Icon } from "../icons.tsx";

/** The 'Helping Center' widget: the company's address, telephone and e-mail from the profile. */
export function HelpingCenter() {
  const profile = useProfile();
  const headingId = useId();
  const tel = profile.telephone.replace(/[^\d+]/g, "");
  return (
    <section className="sidebar-widget helping-center" aria-labelledby={headingId}>
      <h2 id={headingId} className="sidebar-widget__title">
        Helping Center
      </h2>
      <ul className="helping-center__items">
        {profile.address ? (
          <li className="helping-center__item">
            <Icon name="mapPin" size={18} />
            <address className="helping-center__address">{profile.address}</address>
          </li>
        ) : null}
        {profile.telephone ? (
          <li className="helping-center__item">
            <Icon name="phone" size={18} />
            <a href={`tel:${tel}`} className="helping-center__link">
              {profile.telephone}
            </a>
          </li>
        ) : null}
        {profile.email_address ? (
          <li className="helping-center__item">
            <Icon name="mail" size={18} />
            <a href={`mailto:${profile.email_address}`} className="helping-center__link">
              {profile.email_address}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
