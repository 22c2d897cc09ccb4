/**
 * How a listing's writer tells the push portal of a change (decision 095): `queue` inside the
 * write's own transaction (the outbox row commits with the change, or neither does), then
 * `committed` after the commit, which wakes this server's listing-push job so the change leaves
 * at once rather than at its next run. Writers take it as an option; absent (PUSH_URL unset),
 * nothing is queued.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database.ts";
import { queueListingPush } from "../../../db/queries/listing-push.ts";

export interface ListingChanges {
  /** Queues the listings `codes` (call it before deleting one: it reads the listing's id). */
  queue(db: Kysely<Database>, codes: readonly string[], at: Date): Promise<void>;
  /** After the commit: the job sends soon. */
  committed(): void;
}

/** The writers' hook when the push portal is on; `wake` starts this server's job. */
export function createListingChanges(wake: () => void = () => {}): ListingChanges {
  return {
    queue: (db, codes, at) => queueListingPush(db, codes, at),
    committed: wake,
  };
}
