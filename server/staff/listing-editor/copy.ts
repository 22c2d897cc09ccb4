/**
 * New listings from existing ones (decision 046): the code a new listing's form proposes, and
 * a draft copied from a listing with its photos and floor plans.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.ts";
import { inTransaction } from "../../../db/queries/audit.ts";
import { listFloorPlans } from "../../../db/queries/floor-plan.ts";
import { newestListingCode, nextFreeCode } from "../../../db/queries/listing-code.ts";
import { findEditableListing } from "../../../db/queries/listing-editor.ts";
import { findPropertyCodeBySlug } from "../../../db/queries/property.ts";
import { insertProperty } from "../../../db/queries/property-writes.ts";
import { slugify } from "../../../db/seed/content.ts";
import { writeFloorPlans } from "./write.ts";

/** The code a new listing's form proposes: the next free one of the newest listing's series. */
export async function proposedListingCode(db: Kysely<Database>): Promise<string> {
  return nextFreeCode(db, (await newestListingCode(db)) ?? "HP-1000");
}

/**
 * A new draft copied from listing `code`: every field, photo and floor plan, a new code and slug,
 * unpublished, created now. Answers the new code; null when there is no such listing.
 */
export async function duplicateListing(
  db: Kysely<Database>,
  code: string,
  now: Date,
): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const row = await findEditableListing(trx, code);
    if (!row) return null;
    // The next free code of the same series (`WL-2001` → `WL-2002`); staff may change it.
    const newCode = await nextFreeCode(trx, code);
    let slug = slugify(`${row.headline}-${newCode}`);
    for (let n = 2; (await findPropertyCodeBySlug(trx, slug)) !== undefined; n++) {
      slug = slugify(`${row.headline}-${newCode}-${n}`);
    }
    const {
      id: _id,
      category: _category,
      archived_at: _archived,
      revision: _revision,
      // A copy is a new listing: available, whatever the original's state (decision 046).
      availability: _availability,
      availability_changed_at: _availabilityChangedAt,
      ...copied
    } = row;
    await insertProperty(
      trx,
      {
        ...copied,
        code: newCode,
        slug,
        publish: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      },
      "staff",
    );
    // Its floor plans too: the same files, under the copy.
    await writeFloorPlans(trx, newCode, await listFloorPlans(trx, row.id));
    return newCode;
  });
}
