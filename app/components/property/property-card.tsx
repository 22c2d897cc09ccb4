import { Link } from "react-router";
import type { Property } from "../../../lib/api-contract.ts";
import { formatDate } from "../../../lib/format.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { ShortlistToggle } from "../shortlist/shortlist-toggle.tsx";
import { AvailabilityBadge } from "./availability-badge.tsx";
import { ListingPrice } from "./listing-price.tsx";
import { type PropertyFact, PropertyFacts, SchemaFacts } from "./property-facts.tsx";

/**
 * How a listing shows a property: `grid`, the /property card (and the detail page's similar
 * properties); `row`, the /search list row (SPEC §2).
 */
export type PropertyCardVariant = "grid" | "row";

/** What differs between the variants; everything else is the same markup. */
const variants = {
  grid: {
    image: { width: 640, height: 427, sizes: imageSizes.propertyCard },
    facts: ["bedroom", "bathroom", "size", "garage"],
    /** The price sits over the cover. */
    priceOnCover: true,
    /** Author 'Admin' and the creation date under the facts. */
    meta: false,
  },
  row: {
    image: { width: 480, height: 360, sizes: imageSizes.propertyRow },
    facts: ["bedroom", "bathroom", "size", "garage", "room", "floor"],
    priceOnCover: false,
    meta: true,
  },
} as const satisfies Record<
  PropertyCardVariant,
  {
    image: { width: number; height: number; sizes: string };
    facts: readonly PropertyFact[];
    priceOnCover: boolean;
    meta: boolean;
  }
>;

export interface PropertyCardProps {
  property: Property;
  variant: PropertyCardVariant;
  /** The heading level of the headline in the page's outline. */
  headingLevel?: 2 | 3;
  /** The card's cover is the page's main image (the first item of a listing). */
  imagePriority?: boolean;
}

/**
 * A property in a listing: cover with the 'Featured' badge and the offer type, price, headline
 * linking to /property/{slug}, address, the counts and the schema's short facts (SchemaFacts);
 * the row adds author 'Admin' and the creation date. The headline link covers the whole card (see listings.css), so the card is a
 * single link.
 */
export function PropertyCard({
  property,
  variant,
  headingLevel = 3,
  imagePriority = false,
}: PropertyCardProps) {
  const { image, facts, priceOnCover, meta } = variants[variant];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/property/${encodeURIComponent(property.slug)}`;
  const price = (
    <p className="property-card__price">
      <ListingPrice listing={property} />
    </p>
  );
  const created = meta ? formatDate(property.created_at) : undefined;
  return (
    <article className={`property-card property-card--${variant}`}>
      <div className="property-card__media">
        <ResponsiveImage
          folder="property"
          file={property.cover_image}
          alt={property.headline}
          width={image.width}
          height={image.height}
          sizes={image.sizes}
          priority={imagePriority}
          className="property-card__image"
        />
        <div className="property-card__badges">
          <span className="listing-badge listing-badge--featured">Featured</span>
          {property.offer_type ? (
            <span className="listing-badge listing-badge--offer">{property.offer_type}</span>
          ) : null}
          {property.availability ? (
            <AvailabilityBadge availability={property.availability} />
          ) : null}
        </div>
        {priceOnCover ? price : null}
        <ShortlistToggle code={property.code} name={property.headline} />
      </div>
      <div className="property-card__body">
        {priceOnCover ? null : price}
        <Heading className="property-card__title">
          <Link to={href} className="property-card__link">
            {property.headline}
          </Link>
        </Heading>
        <p className="property-card__address">
          <Icon name="mapPin" size={16} />
          <span>{property.address}</span>
        </p>
        <PropertyFacts property={property} facts={facts} className="property-card__facts" />
        <SchemaFacts property={property} className="property-card__schema-facts" />
        {meta ? (
          <footer className="property-card__meta">
            <span className="property-card__author">
              <Icon name="user" size={16} />
              <span>Admin</span>
            </span>
            {created ? (
              <span className="property-card__date">
                <Icon name="calendar" size={16} />
                <time dateTime={property.created_at}>{created}</time>
              </span>
            ) : null}
          </footer>
        ) : null}
      </div>
    </article>
  );
}
