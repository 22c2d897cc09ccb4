/**
 * The three featured collections in the back office (decision 057): their listings in order,
 * saved over the version the form showed, every code a listing's.
 */
import type { Kysely } from "kysely";
import type { AdminContentService } from "#app-context";
import type { Database } from "../../../db/database.ts";
import { saveCollectionItems } from "../../../db/queries/collection.ts";
import { findListingChoices } from "../../../db/queries/listing-editor.ts";
import { findPublishByCodes } from "../../../db/queries/property.ts";
import type { AdminCollection, ContentFieldIssue } from "../../../lib/admin-content.ts";
import { collectionPlaces, maxCollectionItems } from "../../../lib/admin-content.ts";
import { type CollectionName, collectionNames } from "../../../lib/collection-names.ts";
import { changedFields } from "../../audit/changes.ts";
import { type ContentWrites, contentVersion, invalid, Refused } from "./writes.ts";

async function collectionRow(db: Kysely<Database>, name: CollectionName) {
  return db.selectFrom("collection").selectAll().where("title", "=", name).executeTakeFirst();
}

/** A collection's codes, as the site reads them (an unreadable list is empty, SPEC §8). */
function codesOf(itemList: string | undefined): string[] {
  if (itemList === undefined) return [];
  try {
    const items: unknown = JSON.parse(itemList);
    if (!Array.isArray(items)) return [];
    return items.flatMap((item) =>
      item !== null && typeof item === "object" && typeof item.code === "string" ? [item.code] : [],
    );
  } catch {
    return [];
  }
}

export function createCollectionContent({
  db,
  write,
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
          const row = await collectionRow(db, name);
          return {
            name,
            place: collectionPlaces[name],
            items: await itemsOf(db, codesOf(row?.item_list)),
            version: contentVersion(row?.item_list ?? ""),
          };
        }),
      );
    },
    collectionItems: (_session, codes) => itemsOf(db, codes),
    async saveCollection(session, name, version, codes) {
      if (!collectionNames.includes(name)) throw new Error(`No collection is named ${name}.`);
      const problems: ContentFieldIssue[] = [];
      const repeated = [...new Set(codes.filter((code, index) => codes.indexOf(code) !== index))];
      if (repeated.length > 0) {
        problems.push({ field: "items", message: `lists ${repeated.join(", ")} more than once` });
      }
      if (codes.length > maxCollectionItems) {
        problems.push({
          field: "items",
          message: `may hold at most ${maxCollectionItems} listings`,
        });
      }
      if (problems.length > 0) return invalid(problems);
      return write(session, async (trx) => {
        const row = await collectionRow(trx, name);
        if (contentVersion(row?.item_list ?? "") !== version) {
          throw new Refused({ ok: false, reason: "conflict" });
        }
        const known = await findPublishByCodes(trx, codes);
        const unknown = codes.filter((code) => !known.has(code));
        if (unknown.length > 0) {
          throw new Refused(
            invalid([
              { field: "items", message: `has no listing with the code ${unknown.join(", ")}` },
            ]),
          );
        }
        const before = codesOf(row?.item_list);
        await saveCollectionItems(trx, name, codes);
        return {
          action: "collection.set",
          subjectType: "collection",
          subjectId: name,
          detail: { changes: changedFields({ codes: before }, { codes: [...codes] }) },
        };
      });
    },
  };
}
