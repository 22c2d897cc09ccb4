import { Link } from "react-router";
import type { Property } from "../../../lib/api-contract.ts";
import { formatPrice } from "../../../lib/format.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { PropertyFacts } from "./property-facts.tsx";

export interface PropertyCardProps {
  property: Property;
  /** The heading level of the headline in the page's outline. */
  headingLevel?: 2 | 3;
  /** The card's cover is the page's main image (the first card of a listing). */
  imagePriority?: boolean;
}

/**
 * The grid card of a property: cover with the 'Featured' badge and the offer type, price,
 * headline linking to /property/{slug}, address, and Beds/Baths/sq ft/Garage. The headline
 * link covers the whole card (see listings.css), so the card is a single link.
 */
export function PropertyCard({
  property,
  headingLevel = 3,
  imagePriority = false,
}: PropertyCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/property/${encodeURIComponent(property.slug)}`;
  return (
    <article className="property-card">
      <div className="property-card__media">
        <ResponsiveImage
          folder="property"
          file={property.cover_image}
          alt={property.headline}
          width={640}
          height={427}
          sizes={imageSizes.propertyCard}
          priority={imagePriority}
          className="property-card__image"
        />
        <div className="property-card__badges">
          <span className="listing-badge listing-badge--featured">Featured</span>
          {property.offer_type ? (
            <span className="listing-badge listing-badge--offer">{property.offer_type}</span>
          ) : null}
        </div>
        <p className="property-card__price">{formatPrice(property.price)}</p>
      </div>
      <div className="property-card__body">
        <Heading className="property-card__title">
          <Link to={href} className="property-card__link">
            {property.headline}
          </Link>
        </Heading>
        <p className="property-card__address">
          <Icon name="mapPin" size={16} />
          <span>{property.address}</span>
        </p>
        <PropertyFacts
          property={property}
          facts={["bedroom", "bathroom", "size", "garage"]}
          className="property-card__facts"
        />
      </div>
    </article>
  );
}
