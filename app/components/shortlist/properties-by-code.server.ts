import type { Property } from "../../../lib/api-contract.ts";
import type { ApiClient } from "../../api/client.server.ts";

/** The properties an address lists, and the codes that matched no published property. */
export interface PropertiesByCode {
  /** The codes asked for, in their order. */
  codes: string[];
  /** The published ones among them, in the same order. */
  properties: Property[];
  /** The codes no published property has (withdrawn since, or never published). */
  missing: string[];
}

/**
 * Reads the properties of a code list through the §7 client. §7 answers published properties
 * only, so a withdrawn property and a code that never existed look the same: both are missing.
 */
export async function loadPropertiesByCode(
  api: ApiClient,
  codes: string[],
): Promise<PropertiesByCode> {
  const properties = codes.length > 0 ? await api.findPropertiesByCodes(codes) : [];
  const found = new Set(properties.map((property) => property.code));
  return { codes, properties, missing: codes.filter((code) => !found.has(code)) };
}
