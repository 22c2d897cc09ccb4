import { useId } from "react";
import { Icon } from "../icons.tsx";

const networks = [
  { name: "Facebook", href: "https://www.facebook.com/", icon: "facebook" },
  { name: "Twitter", href: "https://twitter.com/", icon: "twitter" },
  { name: "Instagram", href: "https://www.instagram.com/", icon: "instagram" },
  { name: "LinkedIn", href: "https://www.linkedin.com/", icon: "linkedin" },
] as const;

/** The detail page's social links widget. */
export function SocialLinks() {
  const headingId = useId();
  return (
    <section className="sidebar-widget sidebar-social" aria-labelledby={headingId}>
      <h2 id={headingId} className="sidebar-widget__title">
        Follow Us
      </h2>
      <ul className="sidebar-social__items">
        {networks.map((network) => (
          <li key={network.name}>
            <a
              href={network.href}
              className="sidebar-social__link"
              aria-label={network.name}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name={network.icon} size={18} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
