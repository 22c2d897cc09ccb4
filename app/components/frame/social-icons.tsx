import { Icon, type IconName } from "../icons.tsx";

const networks: { label: string; icon: IconName }[] = [
  { label: "Facebook", icon: "facebook" },
  { label: "Twitter", icon: "twitter" },
  { label: "Instagram", icon: "instagram" },
  { label: "LinkedIn", icon: "linkedin" },
];

/** The social icons (SPEC §2 footer). The company has no network addresses, so they go nowhere. */
export function SocialIcons({ className }: { className?: string }) {
  return (
    <ul className={className ? `social-icons ${className}` : "social-icons"}>
      {networks.map((network) => (
        <li key={network.label}>
          <a className="social-icons__link" href="#top" aria-label={network.label}>
            <Icon name={network.icon} size={18} />
          </a>
        </li>
      ))}
    </ul>
  );
}
