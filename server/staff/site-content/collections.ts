/**
 * The three featured collections in the back office (decision 057): their listings in order,
 * saved over the version the form showed through the collections' one write path
 * (server/content/collections.ts, decision 084).
 */
import type { Kysely } from "kysely";
import type { AdminContentService } from "#app-context";
import type { Database } from "../../../db/database.ts";
import { findListingChoices } from "../../../db/queries/listing-editor.ts";
import { findPublishByCodes } from "../../../db/queries/property.ts";
import type { AdminCollection } from "../../../lib/admin-content.ts";
import { collectionPlaces } from "../../../lib/admin-content.ts";
import { collectionNames } from "../../../lib/collection-names.ts";
import {
  codesOf,
  collectionVersion,
  findCollectionRow,
  setCollection,
} from "../../content/collections.ts";
import { type ContentWrites, toContentSave } from "./writes.ts";

export function createCollectionContent({
  db,
  writerFor,
}: ContentWrites): Pick<AdminContentService, "collections" | "collectionItems" | "saveCollection"> {
  async function itemsOf(trx: Kysely<Database>, codes: readonly string[]) {
    const [choices, published] = await Promise.all([
      findListingChoices(trx, codes),
      findPublishByCodes(trx, codes),
    ]);
    const headlines = new Map(choices.map((choice) => [choice.code, choice.headline]));
    return codes.map((code) => ({
      code,
      headline: headlines.get(code) ?? "",
      published: published.get(code) === true,
    }));
  }

  return {
    async collections() {
      return Promise.all(
        collectionNames.map(async (name): Promise<AdminCollection> => {
          const row = await findCollectionRow(db, name);
          return {
            name,
            place: collectionPlaces[name],
            items: await itemsOf(db, codesOf(row?.item_list)),
            version: collectionVersion(row?.item_list),
          };
        }),
      );
    },
    collectionItems: (_session, codes) => itemsOf(db, codes),
    async saveCollection(session, name, version, codes) {
      return toContentSave(await setCollection(writerFor(session), name, codes, { version }));
    },
  };
}
