import type { ReactNode } from "react";
import type { Property } from "../../../lib/api-contract.ts";
import { readAvailability } from "../../../lib/availability.ts";
import type { SearchFacets } from "../../../lib/search-facets.ts";
import { brochurePath } from "../../brochure/brochure-path.ts";
import { useDisplayUnits } from "../../display-units.ts";
import { propertyListingJsonLd, propertyPath } from "../../seo/json-ld.ts";
import { JsonLdScript } from "../../seo/json-ld-script.tsx";
import { absoluteUrl } from "../../seo/meta.ts";
import { useSiteSettings } from "../../site-settings.ts";
import { useRecords } from "../../store/records.ts";
import { Breadcrumb } from "../frame/breadcrumb.tsx";
import { Icon } from "../icons.tsx";
import { RecentlyViewed } from "../recently-viewed/recently-viewed.tsx";
import { ShortlistToggle } from "../shortlist/shortlist-toggle.tsx";
import { AdvancedSearch } from "../sidebar/advanced-search.tsx";
import { CategoryList } from "../sidebar/category-list.tsx";
import { SocialLinks } from "../sidebar/social-links.tsx";
import { AreaUnitToggle } from "../units/area-unit-toggle.tsx";
import { AvailabilityBadge } from "./availability-badge.tsx";
import { bookingPath, ContactBar } from "./contact-bar.tsx";
import { FeatureList } from "./feature-list.tsx";
import { ListingPrice } from "./listing-price.tsx";
import {
  codesOf,
  featureIdsOf,
  imageAltsOf,
  imageFilesOf,
  matchAmenities,
  matchProperties,
} from "./match-codes.ts";
import { MonthlyCost } from "./monthly-cost.tsx";
import { PriceDates, PriceHistory } from "./price-history.tsx";
import { PropertyTabs } from "./property-tabs.tsx";
import { ShareBox } from "./share-box.tsx";
import { StarRating } from "./star-rating.tsx";
import { ThumbnailGallery } from "./thumbnail-gallery.tsx";

export interface PropertyPageProps {
  /** The property, its description sanitised (withSanitizedDescription). */
  property: Property;
  /** The related properties its loader read (the Similar tab's). */
  properties: readonly Property[];
  /** Published homes like this one that top up a short hand-picked list (decision 072). */
  moreLikeThis?: readonly Property[];
  /** The sidebar's first box: the public page's enquiry form (the preview's stands-in note). */
  enquiry: ReactNode;
  /** Whether the visit counts as viewing the home (decision 077): not the back office's preview. */
  rememberViewed?: boolean;
  /** The catalogue's cities and top prices, for the Advanced Search's choices (decision 074). */
  facets?: SearchFacets;
}

/**
 * Whether the header shows the free-text `property_status` as a badge: not when it names an
 * availability (such as 'Under Offer') that the availability badge shows, or contradicts.
 */
function showStatusBadge(property: Property): boolean {
  if (!property.property_status) return false;
  const named = readAvailability(property.property_status);
  return (
    property.availability === undefined ||
    named === undefined ||
    (named === "available" && property.availability === "available")
  );
}

/**
 * One property's page: details, gallery, tabs and features, with the sidebar. The public page
 * (/property/{code}) and the back office's preview of a listing (decision 070) both render it,
 * so a preview shows exactly what the public page would.
 */
export function PropertyPage({
  property,
  properties,
  moreLikeThis = [],
  enquiry,
  rememberViewed = true,
  facets,
}: PropertyPageProps) {
  const records = useRecords();
  const similar = matchProperties(codesOf(property.related_product), properties).filter(
    (related) => related.code !== property.code,
  );
  const features = matchAmenities(featureIdsOf(property.features), records.amenity);
  const { siteUrl, imageBaseUrl } = useSiteSettings();
  const units = useDisplayUnits();
  const trail = [
    { name: "Home", path: "/" },
    { name: "Properties", path: "/property" },
    { name: property.headline, path: propertyPath(property) },
  ];
  return (
    <>
      <JsonLdScript
        data={propertyListingJsonLd(siteUrl, imageBaseUrl, property, {
          currency: units.currency,
          areaUnit: units.areaUnit,
        })}
      />
      <header className="property-header">
        <div className="container property-header__inner">
          <Breadcrumb trail={trail} tone="on-light" />
          <div className="property-header__summary">
            <div className="property-header__text">
              <div className="property-header__badges">
                {property.offer_type ? (
                  <span className="listing-badge listing-badge--offer">{property.offer_type}</span>
                ) : null}
                {property.availability ? (
                  <AvailabilityBadge availability={property.availability} />
                ) : null}
                {showStatusBadge(property) ? (
                  <span className="listing-badge listing-badge--status">
                    {property.property_status}
                  </span>
                ) : null}
              </div>
              <h1 className="property-header__title">{property.headline}</h1>
              <p className="property-header__address">
                <Icon name="mapPin" size={18} />
                <span>{property.address}</span>
              </p>
              <StarRating rating={property.rating} />
            </div>
            <div className="property-header__aside">
              <p className="property-header__price">
                <ListingPrice listing={property} />
              </p>
              <PriceDates property={property} />
              <ShortlistToggle code={property.code} name={property.headline} look="label" />
              <a className="brochure-link" href={bookingPath(property)}>
                <Icon name="calendar" size={18} />
                <span>Book a viewing</span>
              </a>
              <a className="brochure-link" href={brochurePath(property)} type="application/pdf">
                <Icon name="download" size={18} />
                <span>Download brochure (PDF)</span>
              </a>
              <AreaUnitToggle />
            </div>
          </div>
        </div>
      </header>
      <div className="container listing-layout listing-layout--detail">
        <div className="listing-layout__main">
          <ThumbnailGallery
            key={property.code}
            files={imageFilesOf(property)}
            alts={imageAltsOf(property, imageFilesOf(property))}
            alt={property.headline}
          />
          <section className="property-section" aria-labelledby="property-info-heading">
            <h2 id="property-info-heading" className="visually-hidden">
              Property information
            </h2>
            <PropertyTabs
              key={property.code}
              property={property}
              similar={similar}
              moreLikeThis={moreLikeThis}
            />
          </section>
          <section className="property-section" aria-labelledby="property-features-heading">
            <h2 id="property-features-heading" className="property-section__title">
              Features
            </h2>
            <FeatureList amenities={features} />
          </section>
          <PriceHistory property={property} />
          <MonthlyCost
            offerType={property.offer_type}
            price={property.price}
            rentPeriod={property.rent_period}
            path={propertyPath(property)}
          />
          <RecentlyViewed currentCode={property.code} remember={rememberViewed} />
          {/* The view's beacon (decision 099): public pages only, not the staff's preview. */}
          {rememberViewed ? (
            <span hidden data-enhance="page-view" data-code={property.code} />
          ) : null}
          <AdvancedSearch action="/property" layout="wide" facets={facets} />
        </div>
        <aside className="listing-layout__sidebar" aria-label="Enquiry and categories">
          {enquiry}
          <ShareBox url={absoluteUrl(siteUrl, propertyPath(property))} title={property.headline} />
          <CategoryList />
          <SocialLinks />
        </aside>
      </div>
      <ContactBar property={property} />
    </>
  );
}
