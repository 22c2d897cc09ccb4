import { Link } from "react-router";
import type { Property } from "../../../lib/api-contract.ts";
import { availabilityLabels, isTaken } from "../../../lib/availability.ts";
import { formatListingAge } from "../../../lib/format.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ListingPrice } from "../property/listing-price.tsx";
import { type PropertyFact, propertyFactLabels } from "../property/property-facts.tsx";
import { ResponsiveImage } from "../responsive-image.tsx";
import { ShortlistToggle } from "../shortlist/shortlist-toggle.tsx";
import { Area } from "../units/area.tsx";
import { propertyHref } from "./property-link.ts";

/** The part of a card a block names: `featured-card` gives `featured-card__title` and so on. */
type CardBlock = "featured-card" | "property-tile" | "listing-card" | "recent-card";

/** The card's cover, described by the listing's headline. */
function CardImage({
  block,
  property,
  width,
  height,
  sizes,
}: {
  block: CardBlock;
  property: Property;
  width: number;
  height: number;
  sizes: string;
}) {
  return (
    <ResponsiveImage
      className={`${block}__image`}
      folder="property"
      file={property.cover_image}
      alt={property.headline}
      width={width}
      height={height}
      sizes={sizes}
    />
  );
}

/** The headline, whose link covers the whole card (`card-link`). */
function CardTitle({ block, property }: { block: CardBlock; property: Property }) {
  return (
    <h3 className={`${block}__title`}>
      <Link to={propertyHref(property)} className="card-link">
        {property.headline}
      </Link>
    </h3>
  );
}

/** The address after a map pin. */
function CardAddress({ block, property }: { block: CardBlock; property: Property }) {
  return (
    <p className={`${block}__address`}>
      <Icon name="mapPin" size={16} />
      <span>{property.address}</span>
    </p>
  );
}

/** A slide of the layout 3 carousel: image, headline, price, address. */
export function FeaturedCard({ property }: { property: Property }) {
  return (
    <article className="featured-card">
      <div className="featured-card__media">
        <CardImage
          block="featured-card"
          property={property}
          width={640}
          height={480}
          sizes={imageSizes.featuredCard}
        />
        {property.offer_type ? (
          <span className="badge badge--accent featured-card__badge">{property.offer_type}</span>
        ) : null}
        <ShortlistToggle code={property.code} name={property.headline} />
      </div>
      <div className="featured-card__body">
        <p className="featured-card__price">
          <ListingPrice listing={property} />
        </p>
        <CardTitle block="featured-card" property={property} />
        <CardAddress block="featured-card" property={property} />
      </div>
    </article>
  );
}

/** A layout 2 tile: the image with the headline over it and a detail list. */
export function PropertyTile({ property }: { property: Property }) {
  return (
    <article className="property-tile">
      <CardImage
        block="property-tile"
        property={property}
        width={800}
        height={600}
        sizes={imageSizes.propertyTile}
      />
      <ShortlistToggle code={property.code} name={property.headline} />
      <div className="property-tile__overlay">
        <CardTitle block="property-tile" property={property} />
        <p className="property-tile__address">{property.address}</p>
        <dl className="property-tile__details">
          <div className="property-tile__detail">
            <dt>Beds</dt>
            <dd>{property.bedroom}</dd>
          </div>
          <div className="property-tile__detail">
            <dt>Baths</dt>
            <dd>{property.bathroom}</dd>
          </div>
          <div className="property-tile__detail">
            <dt>Size</dt>
            <dd>
              <Area squareFeet={property.size} />
            </dd>
          </div>
          <div className="property-tile__detail">
            <dt>Price</dt>
            <dd>
              <ListingPrice listing={property} />
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

/** The counts a layout 1 card shows. */
const listingCardFacts = [
  "bedroom",
  "bathroom",
  "size",
  "garage",
] as const satisfies PropertyFact[];

/**
 * A layout 1 card: price box, badges, facts and the listing's age. The age is computed against
 * `now`, the time the loader ran, so the server and the browser render the same text.
 */
export function ListingCard({ property, now }: { property: Property; now: Date }) {
  return (
    <article className="listing-card">
      <div className="listing-card__media">
        <CardImage
          block="listing-card"
          property={property}
          width={640}
          height={440}
          sizes={imageSizes.listingCard}
        />
        <ul className="listing-card__badges" aria-label="Labels">
          {property.offer_type ? (
            <li className="badge badge--brand">{property.offer_type}</li>
          ) : null}
          <li className="badge badge--accent">Featured</li>
          {isTaken(property.availability) && property.availability ? (
            <li className={`badge badge--availability badge--${property.availability}`}>
              {availabilityLabels[property.availability]}
            </li>
          ) : null}
        </ul>
        <p className="listing-card__price">
          <ListingPrice listing={property} />
        </p>
        <ShortlistToggle code={property.code} name={property.headline} />
      </div>
      <div className="listing-card__body">
        <CardTitle block="listing-card" property={property} />
        <CardAddress block="listing-card" property={property} />
        <ul className="listing-card__facts">
          {listingCardFacts.map((fact) => (
            <li key={fact} className="listing-card__fact">
              <Icon name={propertyFactLabels[fact].icon} size={18} />
              {fact === "size" ? (
                <span>
                  <Area squareFeet={property.size} part="number" />{" "}
                  <Area
                    className="listing-card__fact-label"
                    squareFeet={property.size}
                    part="unit"
                  />
                </span>
              ) : (
                <span>
                  {property[fact]}{" "}
                  <span className="listing-card__fact-label">{propertyFactLabels[fact].label}</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <footer className="listing-card__footer">
        <Icon name="calendar" size={16} />
        <time dateTime={property.created_at} suppressHydrationWarning>
          {formatListingAge(property.created_at, now)}
        </time>
      </footer>
    </article>
  );
}

/** A compact row of the 'recently' grid. */
export function RecentCard({ property }: { property: Property }) {
  return (
    <article className="recent-card">
      <CardImage
        block="recent-card"
        property={property}
        width={160}
        height={120}
        sizes={imageSizes.recentCard}
      />
      <ShortlistToggle code={property.code} name={property.headline} />
      <div className="recent-card__body">
        <CardTitle block="recent-card" property={property} />
        <p className="recent-card__address">{property.address}</p>
        <p className="recent-card__price">
          <ListingPrice listing={property} />
        </p>
      </div>
    </article>
  );
}
