import { Link } from "react-router";
import { FallbackImage } from "../fallback-image.tsx";
import { SectionHeading } from "./section-heading.tsx";

/** Static city tiles; the pictures are photos of the demo catalogue's image folder. */
const cities = [
  { name: "New York", listings: 24, image: "properties-1.jpg" },
  { name: "Toronto", listings: 18, image: "properties-2.jpg" },
  { name: "London", listings: 15, image: "properties-3.jpg" },
  { name: "Mumbai", listings: 12, image: "properties-4.jpg" },
  { name: "Dhaka", listings: 9, image: "properties-5.jpg" },
  { name: "Sydney", listings: 11, image: "properties-6.jpg" },
] as const;

/** The 'Most Popular Category' block (SPEC §2 Home) with static city tiles. */
export function PopularCategories() {
  return (
    <section className="section popular" aria-labelledby="popular-title">
      <div className="container">
        <SectionHeading
          id="popular-title"
          eyebrow="Cities"
          title="Most Popular Category"
          text="The places our clients ask about most."
        />
        <ul className="popular__grid">
          {cities.map((city) => (
            <li key={city.name} className="popular__tile">
              <FallbackImage
                className="popular__image"
                folder="property"
                file={city.image}
                alt=""
                width={640}
                height={480}
                loading="lazy"
              />
              <div className="popular__caption">
                <h3 className="popular__name">
                  <Link to="/property" className="card-link">
                    {city.name}
                  </Link>
                </h3>
                <p className="popular__count">{city.listings} Properties</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
