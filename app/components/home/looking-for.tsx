import { Link } from "react-router";
import { Icon, type IconName } from "../icons.tsx";
import { SectionHeading } from "./section-heading.tsx";

const lookingFor: { title: string; icon: IconName; text: string }[] = [
  {
    title: "Apartments",
    icon: "building",
    text: "City flats and lofts close to work, shops and transport.",
  },
  {
    title: "Houses",
    icon: "house",
    text: "Family homes with room to grow, gardens and quiet streets.",
  },
  {
    title: "Garages",
    icon: "garage",
    text: "Secure parking and storage spaces in the neighbourhoods you need.",
  },
  {
    title: "Commercial",
    icon: "briefcase",
    text: "Offices, shops and studios ready for your business.",
  },
];

/** The 'What are you looking for?' block (SPEC §2 Home), also shared by /about. */
export function LookingFor() {
  return (
    <section className="section looking-for" aria-labelledby="looking-for-title">
      <div className="container">
        <SectionHeading
          id="looking-for-title"
          eyebrow="Property types"
          title="What are you looking for?"
          text="Whatever you need, we have a place for it. Start with the kind of property you want."
        />
        <ul className="looking-for__list column-list">
          {lookingFor.map((item) => (
            <li key={item.title} className="looking-for__item">
              <span className="looking-for__icon">
                <Icon name={item.icon} size={28} />
              </span>
              <h3 className="looking-for__title">
                <Link to={`/search?type=${encodeURIComponent(item.title)}`} className="card-link">
                  {item.title}
                </Link>
              </h3>
              <p className="looking-for__text">{item.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
