/**
 * The featured collections of the home page (SPEC §3 'Collection'): each collection's
 * item_list names properties by code, and each item is filled from the properties the home
 * loader fetched for those codes (a `codes=` search, not the full property list).
 */
import type { Collection, Property } from "../../../lib/api-contract.ts";
import type { CollectionName } from "../../../lib/collection-names.ts";
import { parseJsonList } from "../../../lib/json-list.ts";

/** What the home loader keeps of a collection: its title and the codes it lists, in order. */
export interface CollectionRef {
  name: CollectionName;
  title: string;
  codes: string[];
}

/**
 * The property codes an item_list names, in order, without repeats. An unparsable list is
 * ignored (SPEC §8: an empty list), and so are items without a code.
 */
export function collectionCodes(collection: Collection | undefined): string[] {
  if (!collection) return [];
  const codes: string[] = [];
  for (const item of parseJsonList(collection.item_list)) {
    if (item === null || typeof item !== "object") continue;
    const code = (item as { code?: unknown }).code;
    if (typeof code !== "string" && typeof code !== "number") continue;
    const text = String(code).trim();
    if (text !== "" && !codes.includes(text)) codes.push(text);
  }
  return codes;
}

export function toCollectionRef(
  name: CollectionName,
  collection: Collection | undefined,
): CollectionRef {
  return { name, title: collection?.title ?? "", codes: collectionCodes(collection) };
}

/** The properties a collection names, in the collection's order; unknown codes are dropped. */
export function matchCollection(codes: readonly string[], properties: readonly Property[]) {
  const byCode = new Map(properties.map((property) => [property.code, property]));
  return codes.flatMap((code) => {
    const property = byCode.get(code);
    return property ? [property] : [];
  });
}
