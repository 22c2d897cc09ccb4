import { Link } from "react-router";
import type { Property } from "../../../lib/api-contract.ts";
import { formatDate, formatPrice } from "../../../lib/format.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { PropertyFacts } from "./property-facts.tsx";

export interface PropertyRowProps {
  property: Property;
  /** The row's cover is the page's main image (the first row of the list). */
  imagePriority?: boolean;
}

/**
 * A row of the /search list view (SPEC §2): cover, 'Featured' on every item, offer type, price,
 * headline and address, the six counts, author 'Admin' and the creation date. The headline
 * link covers the whole row (see listings.css), so the row is a single link.
 */
export function PropertyRow({ property, imagePriority = false }: PropertyRowProps) {
  const href = `/property/${encodeURIComponent(property.slug)}`;
  const created = formatDate(property.created_at);
  return (
    <article className="property-row">
      <div className="property-row__media">
        <ResponsiveImage
          folder="property"
          file={property.cover_image}
          alt={property.headline}
          width={480}
          height={360}
          sizes={imageSizes.propertyRow}
          priority={imagePriority}
          className="property-row__image"
        />
        <div className="property-row__badges">
          <span className="listing-badge listing-badge--featured">Featured</span>
          {property.offer_type ? (
            <span className="listing-badge listing-badge--offer">{property.offer_type}</span>
          ) : null}
        </div>
      </div>
      <div className="property-row__body">
        <p className="property-row__price">{formatPrice(property.price)}</p>
        <h2 className="property-row__title">
          <Link to={href} className="property-row__link">
            {property.headline}
          </Link>
        </h2>
        <p className="property-row__address">
          <Icon name="mapPin" size={16} />
          <span>{property.address}</span>
        </p>
        <PropertyFacts
          property={property}
          facts={["bedroom", "bathroom", "size", "garage", "room", "floor"]}
          className="property-row__facts"
        />
        <footer className="property-row__meta">
          <span className="property-row__author">
            <Icon name="user" size={16} />
            <span>Admin</span>
          </span>
          {created ? (
            <span className="property-row__date">
              <Icon name="calendar" size={16} />
              <time dateTime={property.created_at}>{created}</time>
            </span>
          ) : null}
        </footer>
      </div>
    </article>
  );
}
