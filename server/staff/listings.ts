/**
 * The back office's listings service (decision 041): the table's page, one listing, and the row
 * actions, each change announced on the content-change path (server/content-changes.ts) so
 * every app server drops its cached pages and §7 answers at once.
 */
import type { Redis } from "ioredis";
import type { AdminListingsService, StaffSession } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import {
  changeAdminListing,
  findAdminListing,
  listAdminListings,
} from "../../db/queries/admin-listing.ts";
import {
  type AuditActor,
  findNewestListingSaveDetail,
  recordAuditEvent,
} from "../../db/queries/audit.ts";
import {
  findListingChoices,
  listListingChoices,
  searchListingChoices,
} from "../../db/queries/listing-editor.ts";
import { findPropertyForPreview } from "../../db/queries/property.ts";
import {
  floorPlanLines,
  type ListingFormValues,
  type ListingSave,
} from "../../lib/admin-listing-form.ts";
import { adminListingPageSize } from "../../lib/admin-listings.ts";
import { parseFloorPlanItem } from "../../lib/floor-plans.ts";
import { confirmationOf } from "../../lib/listing-location.ts";
import { changedFields } from "../audit/changes.ts";
import { publishContentChange } from "../content-changes.ts";
import type { ListingChanges } from "../feeds/push/changes.ts";
import type { PhotoStore } from "../photos/photo-store.ts";
import {
  deleteUnusedPhotoFilesAfterCommit,
  droppedFiles,
  listingPhotoFiles,
} from "../photos/unused-files.ts";
import type { Geocoder } from "./geocoder.ts";
import { duplicateListing, proposedListingCode } from "./listing-editor/copy.ts";
import { openListing } from "./listing-editor/open.ts";
import { saveListing } from "./listing-editor/save.ts";
import { createListing } from "./listing-editor/write.ts";
import { checkListingLocation } from "./listing-location.ts";
import { mergeReportOf, readListingBase } from "./listing-merge.ts";

/**
 * The floor plans field names a plan's file as the photos page stored it, or an address. A
 * file name this site does not have (a typo, a name copied from elsewhere) would save a plan
 * that shows nowhere: refused, naming the files. Files the listing already has are not looked
 * for again, so a file lost from the folder does not block the listing's other edits.
 */
async function refuseMissingPlanFiles(
  store: PhotoStore,
  values: ListingFormValues,
  kept: ReadonlySet<string>,
): Promise<ListingSave | undefined> {
  const named = floorPlanLines(values.floor_plans)
    .map((line, index) => parseFloorPlanItem(line, index).file)
    .filter((file) => file !== "" && !/[/:]/.test(file) && !kept.has(file));
  const missing: string[] = [];
  for (const file of new Set(named)) {
    if (!(await store.exists(file).catch(() => false))) missing.push(file);
  }
  if (missing.length === 0) return undefined;
  return {
    ok: false,
    reason: "invalid",
    issues: [
      {
        field: "floor_plans",
        message: `name files this site does not have (${missing.join(", ")}): upload plans on the listing's photos page`,
      },
    ],
  };
}

/** Listings the related properties' search offers at most. */
const relatedSearchLimit = 20;

export interface AdminListingsOptions {
  database: DatabaseHandle;
  /** The app's Redis client (REDIS_URL): changes reach the other app servers through it. */
  redis?: Redis | undefined;
  /** Where the listings' photo and floor-plan files are: those no listing uses any more go. */
  store: PhotoStore;
  log: { warn(object: unknown, message: string): void };
  now?: () => Date;
  /** "Find on map" (GEOCODER_URL); absent: not offered, nothing asked of any host. */
  geocoder?: Geocoder | undefined;
  /** The push portal's queue (PUSH_URL, decision 095); absent: nothing is pushed. */
  listingChanges?: ListingChanges | undefined;
}

/** The member of staff a session is, as the audit log names them. */
export function actorOf(session: StaffSession): AuditActor & { id: number } {
  return { id: session.user.id, email: session.user.email };
}

export function createAdminListings(options: AdminListingsOptions): AdminListingsService {
  const { database, store, redis, log, geocoder, listingChanges } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  /** The change is committed: failing to tell other servers is logged, not the answer. */
  const announce = () =>
    publishContentChange(redis).catch((error: unknown) =>
      log.warn({ err: error }, "a listing changed, but other app servers could not be told"),
    );
  const announced = async (saved: ListingSave) => {
    if (saved.ok) {
      listingChanges?.committed();
      await announce();
    }
    return saved;
  };
  /** After the commit: the dropped files no listing uses any more are deleted. */
  const deleteUnused = (files: Iterable<string>) =>
    deleteUnusedPhotoFilesAfterCommit(db, store, files, log);
  return {
    async list(_session, query) {
      return listAdminListings(db, query, adminListingPageSize);
    },
    async find(_session, code) {
      return (await findAdminListing(db, code)) ?? null;
    },
    async change(session, code, action) {
      const at = now();
      let files = new Set<string>();
      const outcome = await db.transaction().execute(async (trx) => {
        const before = action === "delete" ? await findAdminListing(trx, code) : undefined;
        if (action === "delete") files = await listingPhotoFiles(trx, code);
        // A delete is queued while the listing, whose id its row keeps, is still there (no
        // listing: nothing queued); the other actions only when they change it.
        if (action === "delete") await listingChanges?.queue(trx, [code], at);
        const changed = await changeAdminListing(trx, code, action, at);
        if (changed === "changed") {
          if (action !== "delete") await listingChanges?.queue(trx, [code], at);
          await recordAuditEvent(trx, {
            actor: actorOf(session),
            action: `listing.${action}`,
            subjectType: "listing",
            subjectId: code,
            detail: before ? { headline: before.headline } : {},
            at,
          });
        }
        return changed;
      });
      if (outcome === "changed") {
        listingChanges?.committed();
        await announce();
        await deleteUnused(files);
      }
      return outcome;
    },
    async preview(_session, code) {
      const [row, property] = await Promise.all([
        findAdminListing(db, code),
        findPropertyForPreview(db, code),
      ]);
      return row && property ? { property, status: row.status } : null;
    },
    open: (_session, code) => openListing(db, code),
    formOptions: (_session) => listListingChoices(db),
    proposedCode: (_session) => proposedListingCode(db),
    async checkLocation(_session, place) {
      const { middle, warning } = await checkListingLocation(db, place);
      return {
        middle,
        warning,
        confirmation: warning && place.position ? confirmationOf(place.position) : null,
      };
    },
    canGeocode: (_session) => geocoder !== undefined,
    async geocode(_session, address) {
      if (!geocoder) return { ok: false, message: "No geocoder is set up for this site." };
      return geocoder.find(address);
    },
    async create(session, values) {
      const refused = await refuseMissingPlanFiles(store, values, new Set());
      if (refused) return refused;
      const at = now();
      const saved = await db.transaction().execute(async (trx) => {
        const created = await createListing(trx, values, at);
        if (created.ok) {
          await listingChanges?.queue(trx, [created.code], at);
          const listing = await openListing(trx, created.code);
          await recordAuditEvent(trx, {
            actor: actorOf(session),
            action: "listing.create",
            subjectType: "listing",
            subjectId: created.code,
            detail: { changes: listing ? changedFields({}, { ...listing.values }) : {} },
            at,
          });
        }
        return created;
      });
      return announced(saved);
    },
    async save(session, code, revision, values, merge) {
      const kept = new Set(await listingPhotoFiles(db, code));
      const refused = await refuseMissingPlanFiles(store, values, kept);
      if (refused) return refused;
      const at = now();
      let dropped: string[] = [];
      const saved = await db.transaction().execute(async (trx) => {
        const before = await openListing(trx, code);
        const filesBefore = await listingPhotoFiles(trx, code);
        const written = await saveListing(trx, code, revision, values, at, {
          base: readListingBase(merge?.base),
          choices: merge?.choices ?? {},
        });
        if (written.ok) {
          await listingChanges?.queue(trx, [written.code], at);
          // The floor plans field may drop a plan's file. A new code is the listing's now; its
          // older events keep the code they named (decision 069), this one shows the change.
          dropped = droppedFiles(filesBefore, await listingPhotoFiles(trx, written.code));
          const after = await openListing(trx, written.code);
          await recordAuditEvent(trx, {
            actor: actorOf(session),
            action: "listing.save",
            subjectType: "listing",
            subjectId: written.code,
            detail: {
              changes: changedFields({ ...before?.values }, { ...after?.values }),
              // The editor's notice after the save names the colleagues whose changes it kept.
              ...(written.merged ? { merged: written.merged } : {}),
            },
            at,
          });
        }
        return written;
      });
      await announced(saved);
      if (saved.ok) await deleteUnused(dropped);
      return saved;
    },
    async duplicate(session, code) {
      const at = now();
      const copy = await db.transaction().execute(async (trx) => {
        const made = await duplicateListing(trx, code, at);
        if (made !== null) {
          await recordAuditEvent(trx, {
            actor: actorOf(session),
            action: "listing.duplicate",
            subjectType: "listing",
            subjectId: made,
            detail: { from: code },
            at,
          });
        }
        return made;
      });
      // A draft: the public site does not show it, but the change feed's readers may count it.
      if (copy !== null) await announce();
      return copy;
    },
    async lastMerge(session, code) {
      const detail = await findNewestListingSaveDetail(db, code, session.user.id);
      return mergeReportOf(detail?.merged);
    },
    search: (_session, text) => searchListingChoices(db, text, relatedSearchLimit),
    choices: (_session, codes) => findListingChoices(db, codes),
  };
}
