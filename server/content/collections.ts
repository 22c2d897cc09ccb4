/**
 * The home page's collections (SPEC §7 `/collection/show_one/{name}`): which properties, in
 * order. The one place they are written, by the content command and the back office alike
 * (decision 084); a collection is named by its SPEC name, the audit event's subject.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { saveCollectionItems } from "../../db/queries/collection.ts";
import { findPublishByCodes } from "../../db/queries/property.ts";
import { maxCollectionItems } from "../../lib/admin-content.ts";
import { type CollectionName, collectionNames } from "../../lib/collection-names.ts";
import { changedFields } from "../audit/changes.ts";
import {
  type ContentIssue,
  type ContentWriteResult,
  type ContentWriter,
  contentVersion,
  invalid,
  Refused,
  writeContent,
} from "./writes.ts";

/** The SPEC's name for `name`, matched without regard to case; undefined for another name. */
export function collectionNameOf(name: string): CollectionName | undefined {
  return collectionNames.find((known) => known.toLowerCase() === name.trim().toLowerCase());
}

/** Collection `name`'s row, if it has one. */
export async function findCollectionRow(db: Kysely<Database>, name: CollectionName) {
  return db.selectFrom("collection").selectAll().where("title", "=", name).executeTakeFirst();
}

/** A collection's codes, as the site reads them (an unreadable list is empty, SPEC §8). */
export function codesOf(itemList: string | undefined): string[] {
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

/** The fingerprint of a collection's list as a form shows it. */
export function collectionVersion(itemList: string | undefined): string {
  return contentVersion(itemList ?? "");
}

/** The rules of a collection's list that need no database: each code once, at most 24. */
function listIssues(codes: readonly string[]): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const repeated = [...new Set(codes.filter((code, index) => codes.indexOf(code) !== index))];
  if (repeated.length > 0) {
    issues.push({
      field: "items",
      message: `lists ${repeated.join(", ")} more than once`,
      problem: "repeated",
      codes: repeated,
    });
  }
  if (codes.length > maxCollectionItems) {
    issues.push({
      field: "items",
      message: `may hold at most ${maxCollectionItems} listings`,
      problem: "too-many",
    });
  }
  return issues;
}

/**
 * Sets collection `name`'s items to `codes`, in this order. Every code must name a property,
 * once; an unpublished one may be listed (it stays hidden until published) and is answered in
 * `unpublished`. With `version`, a list changed since the form showed it is refused.
 */
export async function setCollection(
  writer: ContentWriter,
  name: CollectionName,
  codes: readonly string[],
  { version }: { version?: string } = {},
): Promise<ContentWriteResult<{ unpublished: string[] }>> {
  if (!collectionNames.includes(name)) throw new Error(`No collection is named ${name}.`);
  const problems = listIssues(codes);
  if (problems.length > 0) return invalid(problems);
  return writeContent(writer, async (trx) => {
    const row = await findCollectionRow(trx, name);
    if (version !== undefined && collectionVersion(row?.item_list) !== version) {
      throw new Refused({ ok: false, reason: "conflict" });
    }
    const published = await findPublishByCodes(trx, codes);
    const unknown = codes.filter((code) => !published.has(code));
    if (unknown.length > 0) {
      throw new Refused(
        invalid([
          {
            field: "items",
            message: `has no listing with the code ${unknown.join(", ")}`,
            problem: "unknown",
            codes: unknown,
          },
        ]),
      );
    }
    const unpublished = codes.filter((code) => published.get(code) === false);
    const before = codesOf(row?.item_list);
    if ((await saveCollectionItems(trx, name, codes)) === "unchanged") {
      return { unpublished, event: null };
    }
    return {
      unpublished,
      event: {
        action: "collection.set",
        subjectType: "collection",
        subjectId: name,
        detail: { changes: changedFields({ codes: before }, { codes: [...codes] }) },
      },
    };
  });
}
