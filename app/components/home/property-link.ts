import type { Property } from "../../../lib/api-contract.ts";

/** A property's detail page: list links use the slug as the code (SPEC §2). */
export function propertyHref(property: Pick<Property, "slug">): string {
  return `/property/${encodeURIComponent(property.slug)}`;
}
