/**
 * A listing's code as the back office changes and proposes it (decision 069): the next free
 * code of a series (`WL-2001` → `WL-2002`), and a code change carried to everything that names
 * a listing by its code (other listings' related lists, the collections, enquiries).
 */
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { nextRevision } from "./columns.ts";
import { listingCodeExists } from "./listing-editor.ts";

/** What the import's code rule allows (lib/property-codes.ts). */
const maxCodeLength = 64;

/** A code's series: the text before its trailing number, and that number's digits. */
export function codeSeries(code: string): { prefix: string; digits: string } {
  const match = /^(.*?)(\d+)$/.exec(code);
  // A code without a number ends its series' prefix: `VILLA` → `VILLA-2`.
  return match
    ? { prefix: match[1] ?? "", digits: match[2] ?? "" }
    : { prefix: `${code}-`, digits: "1" };
}

/**
 * The next free code of `code`'s series: one above the highest number any listing has in it,
 * as wide as `code`'s number (`GEN-000041` → `GEN-000042`). Copies' suffixes (`WL-2001-COPY`)
 * are not in the series.
 */
export async function nextFreeCode(db: Kysely<Database>, code: string): Promise<string> {
  const { prefix, digits } = codeSeries(code);
  // Every code that starts with the prefix (a `_` in it, or SQLite's case-blind LIKE, only
  // widens the match: the loop checks). Not a range: PostgreSQL's collation may order `-` apart.
  const rows = await db
    .selectFrom("property")
    .select("code")
    .where("code", "like", `${prefix}%`)
    .execute();
  // BigInt: a number of any length stays exact.
  let highest = BigInt(digits);
  for (const row of rows) {
    const rest = row.code.slice(prefix.length);
    if (row.code.startsWith(prefix) && /^\d+$/.test(rest) && BigInt(rest) > highest) {
      highest = BigInt(rest);
    }
  }
  const taken = new Set(rows.map((row) => row.code));
  for (let n = highest + 1n; ; n++) {
    const number = n.toString().padStart(digits.length, "0");
    // A code has at most 64 characters: a long prefix gives way to the number, and a code so
    // cut is looked up, since it left the series read above.
    const cut = prefix.length + number.length > maxCodeLength;
    const candidate = `${prefix.slice(0, Math.max(0, maxCodeLength - number.length))}${number}`;
    if (taken.has(candidate) || (cut && (await listingCodeExists(db, candidate)))) continue;
    return candidate;
  }
}

/** The newest listing's code (the series a new listing most likely continues); null: none. */
export async function newestListingCode(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("property")
    .select("code")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.code ?? null;
}

/** The headline of the listing with this code; undefined when there is none. */
export async function listingHeadlineOf(
  db: Kysely<Database>,
  code: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("property")
    .select("headline")
    .where("code", "=", code)
    .executeTakeFirst();
  return row?.headline;
}

/** `[{ "code": … }]` JSON text with `from` renamed `to`; null when it does not name `from`. */
function renamedInList(json: string, from: string, to: string): string | null {
  let items: unknown;
  try {
    items = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(items)) return null;
  let changed = false;
  const renamed = items.map((item) => {
    if (item && typeof item === "object" && (item as { code?: unknown }).code === from) {
      changed = true;
      return { ...item, code: to };
    }
    return item;
  });
  return changed ? JSON.stringify(renamed) : null;
}

/**
 * Everything that names listing `from` by its code names `to` now: other listings' related
 * lists (their revision moves on, so an editor opened on one of them is told before it saves
 * the old code back), the collections and the enquiries about it. Run in the transaction that
 * renames the listing. Audit events keep the code they were written with (decision 069).
 */
export async function carryCodeChange(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<void> {
  // A LIKE narrows the rows to read (a code's `_` only widens it); the JSON decides.
  const quoted = `%${JSON.stringify(from)}%`;
  const listings = await db
    .selectFrom("property")
    .select(["id", "related_product"])
    .where("related_product", "like", quoted)
    .execute();
  for (const listing of listings) {
    const renamed = renamedInList(listing.related_product, from, to);
    if (renamed === null) continue;
    await db
      .updateTable("property")
      .set({ related_product: renamed, revision: nextRevision })
      .where("id", "=", listing.id)
      .execute();
  }
  const collections = await db.selectFrom("collection").select(["id", "item_list"]).execute();
  for (const collection of collections) {
    const renamed = renamedInList(collection.item_list, from, to);
    if (renamed === null) continue;
    await db
      .updateTable("collection")
      .set({ item_list: renamed })
      .where("id", "=", collection.id)
      .execute();
  }
  await db
    .updateTable("enquiry")
    .set({ property_code: to })
    .where("property_code", "=", from)
    .execute();
}
