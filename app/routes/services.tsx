import { PageBanner } from "../components/frame/page-banner.tsx";
import { Icon, type IconName } from "../components/icons.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/services";

/** SPEC §2 /services: six numbered static cards. */
const services: { title: string; icon: IconName; text: string }[] = [
  {
    title: "Security",
    icon: "shield",
    text: "Round-the-clock monitoring, secure entry and trusted on-site staff in every building.",
  },
  {
    title: "Air conditioning",
    icon: "wind",
    text: "Modern climate control, serviced every season so you stay comfortable all year.",
  },
  {
    title: "Apartments Clean",
    icon: "droplet",
    text: "Professional cleaning before you move in and on a schedule that suits you after.",
  },
  {
    title: "Commercial",
    icon: "briefcase",
    text: "Offices, shops and studios found, negotiated and managed for your business.",
  },
  {
    title: "Gym",
    icon: "activity",
    text: "Residents' fitness rooms with modern equipment, open early until late.",
  },
  {
    title: "Trusted Agents",
    icon: "users",
    text: "Licensed, local agents who know every street and answer within one working day.",
  },
];

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Professional Services",
    description:
      "Security, air conditioning, apartment cleaning, commercial property, a gym and trusted agents: the services that come with our homes.",
    canonicalPath: "/services",
  });

export default function Services() {
  return (
    <>
      <PageBanner title="Services" heading="Professional Services" />
      <section className="section" aria-label="Our services">
        <div className="container">
          <p className="pages__lead">
            From the first viewing to the day you get the keys, and long after, our team takes care
            of the details.
          </p>
          <ul className="services column-list">
            {services.map((service, index) => (
              <li key={service.title} className="service-card">
                <span className="service-card__number">{String(index + 1).padStart(2, "0")}</span>
                <span className="service-card__icon">
                  <Icon name={service.icon} size={28} />
                </span>
                <h2 className="service-card__title">{service.title}</h2>
                <p className="service-card__text">{service.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
