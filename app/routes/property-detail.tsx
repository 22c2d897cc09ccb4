import { redirect } from "react-router";
import { siteRequestContext } from "#app-context";
import type { Property } from "../../lib/api-contract.ts";
import { readAvailability } from "../../lib/availability.ts";
import { costParams } from "../../lib/monthly-cost.ts";
import { brochurePath } from "../brochure/brochure-path.ts";
import { PropertyEnquiryForm } from "../components/enquiry/property-enquiry-form.tsx";
import { Breadcrumb } from "../components/frame/breadcrumb.tsx";
import { Icon } from "../components/icons.tsx";
import { AvailabilityBadge } from "../components/property/availability-badge.tsx";
import { withSanitizedDescription } from "../components/property/description.server.ts";
import { FeatureList } from "../components/property/feature-list.tsx";
import {
  codesOf,
  featureIdsOf,
  imageAltsOf,
  imageFilesOf,
  matchAmenities,
  matchProperties,
} from "../components/property/match-codes.ts";
import { MonthlyCost } from "../components/property/monthly-cost.tsx";
import { PropertyTabs } from "../components/property/property-tabs.tsx";
import { ShareBox } from "../components/property/share-box.tsx";
import { StarRating } from "../components/property/star-rating.tsx";
import { ThumbnailGallery } from "../components/property/thumbnail-gallery.tsx";
import { ShortlistToggle } from "../components/shortlist/shortlist-toggle.tsx";
import { AdvancedSearch } from "../components/sidebar/advanced-search.tsx";
import { CategoryList } from "../components/sidebar/category-list.tsx";
import { SocialLinks } from "../components/sidebar/social-links.tsx";
import { AreaUnitToggle } from "../components/units/area-unit-toggle.tsx";
import { areaParam, useDisplayUnits } from "../display-units.ts";
import { enquiryAction } from "../enquiry/enquiry-action.server.ts";
import { propertyListingJsonLd, propertyPath } from "../seo/json-ld.ts";
import { JsonLdScript } from "../seo/json-ld-script.tsx";
import { absoluteUrl, rootDataOf, routeMeta, seoSiteOf } from "../seo/meta.ts";
import { propertySeo } from "../seo/property-seo.ts";
import { useSiteSettings } from "../site-settings.ts";
import { useRecords } from "../store/records.ts";
import enquiryCss from "../styles/enquiry.css?url";
import type { Route } from "./+types/property-detail";

/**
 * The page shows areas in the unit its URL names (`?area=m2`) and the monthly cost of the
 * calculator's values (`price`, `deposit`, `rate`, `years`, decision 049): the page cache keys it
 * by those.
 */
export const handle = { searchParams: [areaParam, ...costParams] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: enquiryCss }];

/**
 * GET /property/show/one/{code}. SPEC §2/§8: a missing property or an empty answer sends the
 * visitor to the home page. The description is sanitised here, on the server, before it is
 * rendered as HTML. The enquiry form's puzzle is not: it comes from the puzzle endpoint, so
 * the page is the same for every visitor (decision 031).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const site = context.get(siteRequestContext);
  const { api } = site;
  const found = await api.getProperty(params.code);
  if (!found) throw redirect("/");
  const property = await withSanitizedDescription(found);
  // The Similar tab's related properties, fetched by code (they also fill the shared
  // 'property' records).
  const properties = await api.findPropertiesByCodes(codesOf(property.related_product));
  return { property, properties };
}

/** The 'Are you Interested?' form posts here; the enquiry goes to the API from the server. */
export function action(args: Route.ActionArgs) {
  return enquiryAction(args, "property", args.params.code);
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    args,
    args.loaderData && propertySeo(seoSiteOf(rootDataOf(args.matches)), args.loaderData.property),
  );

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

/** /property/{code}: one property's details, gallery, tabs and features, with the enquiry form. */
export default function PropertyDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { property } = loaderData;
  const records = useRecords();
  const similar = matchProperties(codesOf(property.related_product), loaderData.properties).filter(
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
              <p className="property-header__price">{units.price(property.price)}</p>
              <ShortlistToggle code={property.code} name={property.headline} look="label" />
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
            <PropertyTabs key={property.code} property={property} similar={similar} />
          </section>
          <section className="property-section" aria-labelledby="property-features-heading">
            <h2 id="property-features-heading" className="property-section__title">
              Features
            </h2>
            <FeatureList amenities={features} />
          </section>
          <MonthlyCost
            offerType={property.offer_type}
            price={property.price}
            path={propertyPath(property)}
          />
          <AdvancedSearch action="/property" layout="wide" />
        </div>
        <aside className="listing-layout__sidebar" aria-label="Enquiry and categories">
          <PropertyEnquiryForm
            key={property.code}
            propertyCode={property.code}
            actionData={actionData}
          />
          <ShareBox url={absoluteUrl(siteUrl, propertyPath(property))} title={property.headline} />
          <CategoryList />
          <SocialLinks />
        </aside>
      </div>
    </>
  );
}
