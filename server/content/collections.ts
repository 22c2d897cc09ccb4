/** The home page's collections (SPEC §7 `/collection/show_one/{name}`): which properties, in order. */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { saveCollectionItems } from "../../db/queries/collection.ts";
import { findPublishByCodes } from "../../db/queries/property.ts";
import { type CollectionName, collectionNames } from "../../lib/collection-names.ts";

/** The SPEC's name for `name`, matched without regard to case; undefined for another name. */
export function collectionNameOf(name: string): CollectionName | undefined {
  return collectionNames.find((known) => known.toLowerCase() === name.trim().toLowerCase());
}

export interface CollectionResult {
  change: "inserted" | "updated" | "unchanged";
  /** Codes of the list that are not published: they stay hidden until published. */
  unpublished: string[];
}

/**
 * Sets collection `name`'s items to `codes`. Every code must name a property, once; throws an
 * Error naming the ones that do not.
 */
export async function setCollection(
  db: Kysely<Database>,
  name: CollectionName,
  codes: readonly string[],
): Promise<CollectionResult> {
  const repeated = [...new Set(codes.filter((code, index) => codes.indexOf(code) !== index))];
  if (repeated.length > 0) throw new Error(`Listed more than once: ${repeated.join(", ")}.`);
  const published = await findPublishByCodes(db, codes);
  const unknown = codes.filter((code) => !published.has(code));
  if (unknown.length > 0) throw new Error(`No property has the code ${unknown.join(", ")}.`);
  const change = await saveCollectionItems(db, name, codes);
  return { change, unpublished: codes.filter((code) => published.get(code) === false) };
}
