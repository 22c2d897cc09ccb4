/**
 * schema.org structured data (JSON-LD) of the site: the company as a `RealEstateAgent`, a
 * property as a `RealEstateListing` with its `Offer`, and breadcrumbs as a `BreadcrumbList`
 * (docs/decisions/011). Pure builders; `JsonLdScript` renders them.
 */

import type { CompanyProfile, Property } from "../../lib/api-contract.ts";
import { availabilitySchemaOrg } from "../../lib/availability.ts";
import {
  type AreaUnit,
  areaIn,
  areaUnitNames,
  type CurrencyFormat,
  defaultAreaUnit,
  defaultCurrency,
} from "../../lib/format.ts";
import { givenValueOf, schemaFieldsWith } from "../../lib/property-fields.ts";
import { priceRentPeriod, rentPeriodUnitCodes } from "../../lib/rent-period.ts";
import { imageFilesOf } from "../components/property/match-codes.ts";
import { imageUrl } from "../site-settings.ts";
import { absoluteUrl, clip, plainText } from "./meta.ts";

export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;

const context = "https://schema.org";

/**
 * JSON for a `<script type="application/ld+json">` block: `<`, `>` and `&` (and the two JSON
 * line separators JavaScript once refused) are written as `\uXXXX` escapes, so no value can
 * close the script element (`</script>`) or open a comment; JSON parsers read them back as-is.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The company's node id, so listings can name it as their seller. */
export function organizationId(siteUrl: string): string {
  return `${siteUrl}/#organization`;
}

/**
 * The company from its profile (SPEC §3): name, logo, address, telephone, e-mail. The profile
 * has no social network addresses (the footer's icons go nowhere), so there is no `sameAs`.
 */
export function organizationJsonLd(
  siteUrl: string,
  profile: CompanyProfile,
  logoUrl: string,
): JsonLd {
  const data: JsonLd = {
    "@context": context,
    "@type": "RealEstateAgent",
    "@id": organizationId(siteUrl),
    name: profile.business_name,
    url: `${siteUrl}/`,
    logo: logoUrl,
    image: logoUrl,
  };
  if (profile.page_description) data.description = profile.page_description;
  if (profile.telephone) data.telephone = profile.telephone;
  if (profile.email_address) data.email = profile.email_address;
  if (profile.address) {
    data.address = { "@type": "PostalAddress", streetAddress: profile.address };
  }
  return data;
}

/** One step of a breadcrumb trail; `path` is site-relative, such as '/property'. */
export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(siteUrl: string, trail: readonly Crumb[]): JsonLd {
  return {
    "@context": context,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** The path of a property's page (SPEC §2: the slug is the code of the link). */
export function propertyPath(property: Pick<Property, "slug">): string {
  return `/property/${encodeURIComponent(property.slug)}`;
}

/** Absolute URLs of a property's images, the cover first. */
export function propertyImageUrls(
  siteUrl: string,
  imageBaseUrl: string,
  property: Pick<Property, "cover_image" | "image_list">,
): string[] {
  return imageFilesOf(property).map((file) =>
    absoluteUrl(siteUrl, imageUrl(imageBaseUrl, "property", file)),
  );
}

/** GoodRelations business functions, which schema.org's Offer uses for sale versus lease. */
const businessFunctions: Record<string, string> = {
  "for sale": "http://purl.org/goodrelations/v1#Sell",
  "for rent": "http://purl.org/goodrelations/v1#LeaseOut",
};

/** The schema.org type of the place by the property's category. */
function placeType(category: string | null | undefined): string {
  switch ((category ?? "").toLowerCase()) {
    case "apartments":
      return "Apartment";
    case "houses":
    case "villas":
      return "House";
    default:
      return "Place";
  }
}

/**
 * The property schema's fields with a `jsonLd` entry (lib/property-fields.ts, decision 085), as
 * properties of the listing's place: a count as its own property (numberOfBedrooms…, left out
 * when 0), a choice as its label in a `PropertyValue` of `additionalProperty` (tenure) or a
 * `LocationFeatureSpecification` of `amenityFeature` (furnished); a field not given is left out.
 * What belongs on the place's `PostalAddress` (postalCode) or the listing's `Offer`
 * (availabilityStarts) is answered apart, for the caller to put there.
 */
export function schemaFieldsJsonLd(property: object): {
  place: Record<string, unknown>;
  address: Record<string, unknown>;
  offer: Record<string, unknown>;
} {
  const values = property as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  const additional: Record<string, unknown>[] = [];
  const features: Record<string, unknown>[] = [];
  const address: Record<string, unknown> = {};
  const offer: Record<string, unknown> = {};
  for (const { name, field, entry } of schemaFieldsWith("jsonLd")) {
    const value = field.api === null ? undefined : givenValueOf(name, values[field.api]);
    if (value === undefined) continue;
    if (entry.as === "value") data[entry.property] = value;
    else if (entry.as === "address") address[entry.property] = value;
    else if (entry.as === "offer") offer[entry.property] = value;
    else if (entry.as === "propertyValue") {
      additional.push({ "@type": "PropertyValue", name: entry.name, value });
    } else {
      features.push({ "@type": "LocationFeatureSpecification", name: entry.name, value });
    }
  }
  if (additional.length > 0) data.additionalProperty = additional;
  if (features.length > 0) data.amenityFeature = features;
  return { place: data, address, offer };
}

/**
 * A property's page as a `RealEstateListing`: the place it is about (type, address, the
 * schema's fields (schemaFieldsJsonLd: rooms, tenure, furnished…), floor size in the page's
 * unit), its images, and an `Offer` in the configured currency that sells or leases it out by its offer_type ('For Sale' / 'For Rent'), offered by the company,
 * with its availability (lib/availability.ts) when the API gives one, and a rent's period
 * (lib/rent-period.ts) as its price specification.
 */
export function propertyListingJsonLd(
  siteUrl: string,
  imageBaseUrl: string,
  property: Property,
  {
    currency = defaultCurrency,
    areaUnit = defaultAreaUnit,
  }: { currency?: CurrencyFormat; areaUnit?: AreaUnit } = {},
): JsonLd {
  const url = absoluteUrl(siteUrl, propertyPath(property));
  const images = propertyImageUrls(siteUrl, imageBaseUrl, property);
  const fields = schemaFieldsJsonLd(property);
  const place: Record<string, unknown> = {
    "@type": placeType(property.category),
    "@id": `${url}#place`,
    name: property.headline,
    address: {
      "@type": "PostalAddress",
      streetAddress: property.address,
      ...(property.city ? { addressLocality: property.city } : {}),
      ...(property.province ? { addressRegion: property.province } : {}),
      ...(property.country ? { addressCountry: property.country } : {}),
      ...fields.address,
    },
  };
  Object.assign(place, fields.place);
  if (property.size > 0) {
    place.floorSize = {
      "@type": "QuantitativeValue",
      value: areaIn(property.size, areaUnit),
      unitCode: areaUnitNames[areaUnit].unitCode,
    };
  }
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    price: property.price,
    priceCurrency: currency.code,
    url,
    itemOffered: { "@id": `${url}#place` },
    offeredBy: { "@id": organizationId(siteUrl) },
    ...fields.offer,
  };
  const period = priceRentPeriod(property);
  if (period !== undefined) {
    // The rent is per period: a UnitPriceSpecification whose reference quantity is one week,
    // month, quarter or year (UN/CEFACT codes), beside the Offer's own price (decision 073).
    const unitCode = rentPeriodUnitCodes[period];
    offer.priceSpecification = {
      "@type": "UnitPriceSpecification",
      price: property.price,
      priceCurrency: currency.code,
      unitCode,
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode },
    };
  }
  if (property.availability) offer.availability = availabilitySchemaOrg[property.availability];
  const businessFunction = businessFunctions[property.offer_type.trim().toLowerCase()];
  if (businessFunction) offer.businessFunction = businessFunction;

  const data: JsonLd = {
    "@context": context,
    "@type": "RealEstateListing",
    "@id": `${url}#listing`,
    url,
    name: property.headline,
    about: place,
    offers: offer,
  };
  const description = clip(plainText(property.description), 300);
  if (description) data.description = description;
  if (images.length > 0) data.image = images;
  if (!Number.isNaN(Date.parse(property.created_at))) data.datePosted = property.created_at;
  return data;
}
