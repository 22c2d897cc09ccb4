import { Link } from "react-router";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { Counters } from "../components/home/counters.tsx";
import { SectionHeading } from "../components/home/section-heading.tsx";
import { Icon, type IconName } from "../components/icons.tsx";
import { imageSizes } from "../components/image-sizes.ts";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/about";

const serviceCards: { title: string; icon: IconName; text: string }[] = [
  {
    title: "Apartments",
    icon: "building",
    text: "Bright city apartments to rent or buy, checked by our team before they are listed.",
  },
  {
    title: "Houses",
    icon: "house",
    text: "Detached, semi-detached and townhouses for every stage of family life.",
  },
  {
    title: "Garages",
    icon: "garage",
    text: "Private garages and parking spaces, rented monthly or sold outright.",
  },
  {
    title: "Commercial",
    icon: "briefcase",
    text: "Retail units, offices and mixed-use buildings with clear, fair terms.",
  },
];

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "About Us",
    description:
      "Personal service from agents who know every street, and an investment portfolio of apartments, houses, garages and commercial property.",
    canonicalPath: "/about",
  });

/** SPEC §2 /about: the company text, properties-11.jpg, a shared block and four service cards. */
export default function About() {
  return (
    <>
      <PageBanner title="About Us" />
      <section className="section" aria-labelledby="about-title">
        <div className="container about">
          <div className="about__media">
            <ResponsiveImage
              className="about__image"
              folder="property"
              file="properties-11.jpg"
              alt="A bright, modern home from our portfolio"
              width={800}
              height={600}
              sizes={imageSizes.about}
              priority
            />
          </div>
          <div className="about__copy">
            <p className="section-heading__eyebrow">Who we are</p>
            <h2 className="about__title" id="about-title">
              A personal service for every client
            </h2>
            <p>
              We are a small team of property people who believe finding a home should feel
              personal. Every client works with one dedicated agent who learns what matters to you,
              from the school run to the morning light, and shortlists only the places worth your
              time.
            </p>
            <p>
              Beyond renting and selling, we build and manage an investment portfolio of residential
              and commercial property. Investors share in carefully chosen projects, with clear
              reporting and a team that looks after the buildings day to day.
            </p>
            <ul className="about__points">
              <li>
                <Icon name="check" size={18} />
                One dedicated agent from first call to final signature
              </li>
              <li>
                <Icon name="check" size={18} />
                Every listing visited and verified by our team
              </li>
              <li>
                <Icon name="check" size={18} />
                Transparent investment plans with clear terms
              </li>
            </ul>
            <div className="about__actions">
              <Link to="/property" className="button button--primary">
                Browse properties
              </Link>
              <Link to="/contact" className="button button--outline">
                Talk to an agent
              </Link>
            </div>
          </div>
        </div>
      </section>

      <Counters />

      <section className="section section--alt" aria-labelledby="about-services-title">
        <div className="container">
          <SectionHeading
            id="about-services-title"
            eyebrow="What we do"
            title="Our Services"
            text="Four kinds of property, one team that knows them all."
          />
          <ul className="about-services column-list">
            {serviceCards.map((card) => (
              <li key={card.title} className="about-services__card">
                <span className="about-services__icon">
                  <Icon name={card.icon} size={28} />
                </span>
                <h3 className="about-services__title">{card.title}</h3>
                <p className="about-services__text">{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
