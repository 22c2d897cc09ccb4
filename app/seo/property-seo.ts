import type { Property } from "../../lib/api-contract.ts";
import { formatArea, formatListingPrice } from "../../lib/format.ts";
import { propertyImageUrls, propertyPath } from "./json-ld.ts";
import { clip, type PageSeo, plainText, type SeoSite } from "./meta.ts";

/**
 * A property page's metadata: the title leads with the headline (the business name follows),
 * the description sums the listing up (offer, place, rooms, size, price, then its own text),
 * the canonical is the slug's path whichever code reached the page, the cover is the image.
 */
export function propertySeo(site: SeoSite, property: Property): PageSeo {
  const facts = [
    property.bedroom > 0 ? `${property.bedroom} bed` : "",
    property.bathroom > 0 ? `${property.bathroom} bath` : "",
    property.size > 0 ? formatArea(property.size, site.areaUnit, { group: true }) : "",
  ].filter(Boolean);
  const offer = [property.offer_type, property.city ? `in ${property.city}` : ""]
    .filter(Boolean)
    .join(" ");
  const summary = [offer, facts.join(", "), formatListingPrice(property, site.currency)]
    .filter(Boolean)
    .join(" · ");
  const text = plainText(property.description);
  const [cover] = propertyImageUrls(site.siteUrl, site.imageBaseUrl, property);
  return {
    title: property.headline,
    description: clip(text ? `${summary}. ${text}` : `${summary}. ${property.address}`),
    canonicalPath: propertyPath(property),
    ...(cover ? { image: cover, imageAlt: property.headline } : {}),
  };
}
