import type { Property } from "../../lib/api-contract.ts";
import { propertyPath } from "../seo/json-ld.ts";

/** The address of a property's PDF brochure (decision 053): `/property/{slug}/brochure.pdf`. */
export function brochurePath(property: Pick<Property, "slug">): string {
  return `${propertyPath(property)}/brochure.pdf`;
}
