import { Link } from "react-router";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { SectionHeading } from "./section-heading.tsx";

/**
 * Static city tiles. The pictures are files of the image host's property folder (the demo
 * catalogue's); where one is missing the default image shows over the tile's gradient.
 */
const cities = [
  { name: "New York", blurb: "Lofts, brownstones and skyline views", image: "apartment-07-a.jpg" },
  { name: "Toronto", blurb: "Family houses near parks and schools", image: "house-01-a.jpg" },
  { name: "London", blurb: "Period homes and city apartments", image: "house-06-a.jpg" },
  { name: "Mumbai", blurb: "Sea-facing flats and offices", image: "apartment-02-a.jpg" },
  { name: "Dhaka", blurb: "New builds in growing districts", image: "commercial-04-a.jpg" },
  { name: "Vancouver", blurb: "Waterfront villas and townhomes", image: "villa-03-a.jpg" },
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
        <ul className="popular__grid column-list">
          {cities.map((city) => (
            <li key={city.name} className="popular__tile">
              <ResponsiveImage
                className="popular__image"
                folder="property"
                file={city.image}
                alt=""
                width={640}
                height={480}
                sizes={imageSizes.popularTile}
              />
              <div className="popular__caption">
                <h3 className="popular__name">
                  <Link
                    to={`/search?location=${encodeURIComponent(city.name)}`}
                    className="card-link"
                  >
                    {city.name}
                  </Link>
                </h3>
                <p className="popular__count">{city.blurb}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
