import { Icon, type IconName } from "../icons.tsx";

/** SPEC §9: the counter figures are static. */
export const counters: { label: string; value: string; icon: IconName }[] = [
  { label: "Properties Sold", value: "1,200", icon: "key" },
  { label: "Happy Clients", value: "950", icon: "users" },
  { label: "Awards Won", value: "48", icon: "award" },
  { label: "Agents", value: "36", icon: "user" },
];

/** The counters strip (SPEC §2 Home), also shared by /about. */
export function Counters() {
  return (
    <section className="counters" aria-label="Our figures">
      <ul className="counters__list">
        {counters.map((counter) => (
          <li key={counter.label} className="counters__item">
            <Icon name={counter.icon} size={28} className="counters__icon" />
            <span className="counters__value">{counter.value}</span>
            <span className="counters__label">{counter.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
