import { useId } from "react";
import { Link } from "react-router";
import type { Property } from "../../../lib/api-contract.ts";
import { imageSizes } from "../image-sizes.ts";
import { ListingPrice } from "../property/listing-price.tsx";
import { ResponsiveImage } from "../responsive-image.tsx";

export interface PropertyMiniListProps {
  title: string;
  properties: readonly Property[];
  className?: string;
}

/** A sidebar widget listing a few properties: thumbnail, headline link and price. */
export function PropertyMiniList({ title, properties, className }: PropertyMiniListProps) {
  const headingId = useId();
  if (properties.length === 0) return null;
  return (
    <section
      className={
        className
          ? `sidebar-widget property-mini-list ${className}`
          : "sidebar-widget property-mini-list"
      }
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        {title}
      </h2>
      <ul className="property-mini-list__items">
        {properties.map((property) => (
          <li key={property.code} className="property-mini-list__item">
            <ResponsiveImage
              folder="property"
              file={property.cover_image}
              alt=""
              width={80}
              height={64}
              sizes={imageSizes.miniList}
              className="property-mini-list__image"
            />
            <div className="property-mini-list__text">
              <Link
                to={`/property/${encodeURIComponent(property.slug)}`}
                className="property-mini-list__link"
              >
                {property.headline}
              </Link>
              <span className="property-mini-list__price">
                <ListingPrice listing={property} />
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
