/**
 * The back office's photo manager (decision 056): a listing's photos, uploads added to them,
 * and a save of their order, cover, alt text and removals over the listing's revision. Each
 * write raises the revision, records its audit event in its own transaction (decision 050)
 * and is announced on the content-change path, so every app server shows it at once. A file
 * no listing uses any more is deleted with its derivatives. Uploads take the steps of
 * ./uploads.ts (check and store, then place under the lock).
 */

import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { AdminPhotosService } from "#app-context";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import {
  findNewestListingEventId,
  findNewestListingSaveDetail,
  inTransaction,
  listingPhotoActions,
  listListingSaversAfter,
  recordAuditEvent,
} from "../../db/queries/audit.ts";
import {
  appendFloorPlans,
  listFloorPlans,
  replaceFloorPlans,
} from "../../db/queries/floor-plan.ts";
import {
  findListingPhotoRow,
  raiseListingRevision,
  writeListingPhotos,
} from "../../db/queries/listing-photos.ts";
import {
  type ListingPhoto,
  type PhotoArrangement,
  type PhotoSave,
  photoColumns,
  photoLimits,
  photosOfRow,
} from "../../lib/admin-photos.ts";
import { defaultFloorPlanLabel, type FloorPlan, maxFloorPlanLabel } from "../../lib/floor-plans.ts";
import {
  mergePhotoArrangement,
  type PhotoMergeReport,
  photoBaseOf,
  photoMergeReportOf,
} from "../../lib/photo-merge.ts";
import { publishContentChange } from "../content-changes.ts";
import { actorOf } from "../staff/listings.ts";
import type { PhotoStore } from "./photo-store.ts";
import { deleteUnusedPhotoFilesAfterCommit } from "./unused-files.ts";
import { createPhotoUploads, floorPlanUploads, noSuchListing, photoUploads } from "./uploads.ts";

export interface AdminPhotosOptions {
  database: DatabaseHandle;
  store: PhotoStore;
  /** The app's Redis client (REDIS_URL): changes reach the other app servers through it. */
  redis?: Redis | undefined;
  log: { warn(object: unknown, message: string): void };
  now?: () => Date;
}

export function createAdminPhotos(options: AdminPhotosOptions): AdminPhotosService {
  const { database, store, redis, log } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());

  /** The change is committed: failing to tell other servers is logged, not the answer. */
  const announce = () =>
    publishContentChange(redis).catch((error: unknown) =>
      log.warn({ err: error }, "photos changed, but other app servers could not be told"),
    );
  const { checkAndStore, appendStored, placeNew } = createPhotoUploads({
    db,
    store,
    log,
    announce,
  });

  return {
    async open(_session, code) {
      const row = await findListingPhotoRow(db, code);
      if (!row) return null;
      const { photos, cover } = photosOfRow(row);
      return {
        code: row.code,
        headline: row.headline,
        slug: row.slug,
        published: row.publish === true || row.publish === 1,
        revision: row.revision,
        photos,
        cover,
        floorPlans: await listFloorPlans(db, row.id),
        base: photoBaseOf(photos, cover, await findNewestListingEventId(db, code)),
      };
    },

    async uploadFloorPlans(session, code, files, label) {
      const named = label.trim();
      if (named.length > maxFloorPlanLabel || /[|=]/.test(named)) {
        return { ok: false, results: [], message: labelRule };
      }
      if (!(await findListingPhotoRow(db, code))) return noSuchListing;
      const stored = await checkAndStore(files, floorPlanUploads);
      if (stored.accepted.size === 0) return { ok: true, results: stored.results };

      const at = now();
      return appendStored(floorPlanUploads, stored, async (trx) => {
        const row = await findListingPhotoRow(trx, code);
        if (!row) return { kind: "missing" };
        const plans = await listFloorPlans(trx, row.id);
        const placed = await placeNew(
          floorPlanUploads,
          stored,
          new Set(plans.map((plan) => plan.file)),
        );
        const added: FloorPlan[] = placed.map((name, nth) => ({
          label:
            named === ""
              ? defaultFloorPlanLabel(plans.length + nth)
              : nth === 0
                ? named
                : `${named} ${nth + 1}`,
          file: name,
          kind: name.endsWith(".pdf") ? "pdf" : "image",
        }));
        if (added.length === 0) return { kind: "unchanged", revision: row.revision };
        if (!(await raiseListingRevision(trx, code, row.revision, at.toISOString()))) {
          return { kind: "moved" };
        }
        await appendFloorPlans(trx, row.id, plans.length, added);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "listing.floor-plans-add",
          subjectType: "listing",
          subjectId: code,
          detail: {
            added: added.map((plan) => `${plan.label}=${plan.file}`),
            count: plans.length + added.length,
          },
          at,
        });
        return { kind: "added", revision: row.revision + 1 };
      });
    },

    async upload(session, code, files) {
      if (!(await findListingPhotoRow(db, code))) return noSuchListing;
      // Checked and stored first, outside any transaction: encoding the derivatives is slow.
      const stored = await checkAndStore(files, photoUploads);
      if (stored.accepted.size === 0) return { ok: true, results: stored.results };

      const at = now();
      return appendStored(photoUploads, stored, async (trx) => {
        const row = await findListingPhotoRow(trx, code);
        if (!row) return { kind: "missing" };
        const { photos, cover } = photosOfRow(row);
        const added = await placeNew(
          photoUploads,
          stored,
          new Set(photos.map((photo) => photo.file)),
        );
        photos.push(...added.map((file) => ({ file, alt: "" })));
        if (added.length === 0) return { kind: "unchanged", revision: row.revision };
        const written = await writeListingPhotos(
          trx,
          code,
          row.revision,
          photoColumns(photos, cover),
          at.toISOString(),
        );
        if (!written) return { kind: "moved" };
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "listing.photos-add",
          subjectType: "listing",
          subjectId: code,
          detail: { added, count: photos.length },
          at,
        });
        return { kind: "added", revision: row.revision + 1 };
      });
    },

    async save(session, code, revision, posted, merge) {
      const at = now();
      let merged: PhotoMergeReport | undefined;
      const answer = await inTransaction(db, async (trx): Promise<PhotoSave> => {
        // With the page's base, a save over a revision moved on merges photo by photo.
        const row = merge?.base
          ? ((await findListingPhotoRow(trx, code)) ?? ({ ok: false, reason: "missing" } as const))
          : await rowAtRevision(trx, code, revision);
        if ("reason" in row) return row;
        const before = photosOfRow(row);
        let arrangement: PhotoArrangement = posted;
        if (merge?.base) {
          const result = mergePhotoArrangement(
            { ...posted, removed: merge.removed },
            before,
            merge.base,
            merge.choices,
          );
          // This page's own uploads since it opened are no colleague's.
          const savedBy = await listListingSaversAfter(
            trx,
            code,
            merge.base.eventId,
            listingPhotoActions,
            session.user.id,
          );
          if (result.conflicts.length > 0) {
            return {
              ok: false,
              reason: "conflict",
              revision: row.revision,
              conflicts: result.conflicts,
              draft: result.arrangement,
              savedBy,
            };
          }
          arrangement = result.arrangement;
          if (savedBy.length > 0) merged = { savedBy, ...result.theirs };
        }
        const known = new Set(before.photos.map((photo) => photo.file));
        const kept: ListingPhoto[] = [];
        for (const photo of arrangement.photos) {
          if (!known.has(photo.file) || kept.some((other) => other.file === photo.file)) {
            return {
              ok: false,
              reason: "invalid",
              message: "The photos changed since this page was opened; reload it.",
            };
          }
          if (photo.alt.length > photoLimits.maxAlt) {
            return {
              ok: false,
              reason: "invalid",
              message: `Alt text may be at most ${photoLimits.maxAlt} characters.`,
            };
          }
          kept.push({ file: photo.file, alt: photo.alt.trim() });
        }
        const columns = photoColumns(kept, arrangement.cover);
        const removed = before.photos
          .map((photo) => photo.file)
          .filter((file) => !kept.some((photo) => photo.file === file));
        const written = await writeListingPhotos(
          trx,
          code,
          row.revision,
          columns,
          at.toISOString(),
        );
        if (!written) {
          const current = await findListingPhotoRow(trx, code);
          return current
            ? { ok: false, reason: "conflict", revision: current.revision }
            : { ok: false, reason: "missing" };
        }
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "listing.photos-save",
          subjectType: "listing",
          subjectId: code,
          detail: {
            ...describeChange(
              texts(before.photos, "alt"),
              texts(kept, "alt"),
              removed,
              "alt",
              before.cover !== columns.cover_image
                ? { before: before.cover, after: columns.cover_image }
                : undefined,
            ),
            // The page's notice after the save names the colleagues whose changes it kept.
            ...(merged ? { merged } : {}),
          },
          at,
        });
        return { ok: true, removed, deletedFiles: [] };
      });
      const saved = await afterSave(answer);
      return saved.ok && merged ? { ...saved, merged } : saved;
    },

    async lastMerge(session, code) {
      const detail = await findNewestListingSaveDetail(
        db,
        code,
        session.user.id,
        "listing.photos-save",
      );
      return photoMergeReportOf(detail?.merged);
    },

    async saveFloorPlans(session, code, revision, arrangement) {
      const at = now();
      const answer = await inTransaction(db, async (trx): Promise<PhotoSave> => {
        const row = await rowAtRevision(trx, code, revision);
        if ("reason" in row) return row;
        const before = await listFloorPlans(trx, row.id);
        const kept: FloorPlan[] = [];
        for (const [index, plan] of arrangement.plans.entries()) {
          const stored = before.find((other) => other.file === plan.file);
          if (!stored || kept.some((other) => other.file === plan.file)) {
            return {
              ok: false,
              reason: "invalid",
              message: "The floor plans changed since this page was opened; reload it.",
            };
          }
          const label = plan.label.trim();
          if (label.length > maxFloorPlanLabel || /[|=]/.test(label)) {
            return { ok: false, reason: "invalid", message: labelRule };
          }
          kept.push({ ...stored, label: label === "" ? defaultFloorPlanLabel(index) : label });
        }
        const removed = before
          .map((plan) => plan.file)
          .filter((file) => !kept.some((plan) => plan.file === file));
        if (!(await raiseListingRevision(trx, code, revision, at.toISOString()))) {
          const current = await findListingPhotoRow(trx, code);
          return current
            ? { ok: false, reason: "conflict", revision: current.revision }
            : { ok: false, reason: "missing" };
        }
        await replaceFloorPlans(trx, row.id, kept);
        await recordAuditEvent(trx, {
          actor: actorOf(session),
          action: "listing.floor-plans-save",
          subjectType: "listing",
          subjectId: code,
          detail: describeChange(texts(before, "label"), texts(kept, "label"), removed, "label"),
          at,
        });
        return { ok: true, removed, deletedFiles: [] };
      });
      return afterSave(answer);
    },
  };

  /**
   * After a save's commit: announced, then each removed file no listing uses any more deleted
   * (only once no committed listing uses it).
   */
  async function afterSave(answer: PhotoSave): Promise<PhotoSave> {
    if (!answer.ok) return answer;
    await announce();
    const deletedFiles = await deleteUnusedPhotoFilesAfterCommit(db, store, answer.removed, log);
    return { ...answer, deletedFiles };
  }
}

/** The listing's row a save may write: a refusal when it is gone or no longer at `revision`. */
async function rowAtRevision(db: Kysely<Database>, code: string, revision: number) {
  const row = await findListingPhotoRow(db, code);
  if (!row) return { ok: false, reason: "missing" } as const;
  if (row.revision !== revision) {
    return { ok: false, reason: "conflict", revision: row.revision } as const;
  }
  return row;
}

const labelRule = `A label may be at most ${maxFloorPlanLabel} characters, without | or =.`;

/** A file and the text staff give it: a photo's alt text or a plan's label. */
interface Described {
  file: string;
  text: string;
}

function texts<T extends { file: string }>(
  items: readonly T[],
  key: keyof T & string,
): Described[] {
  return items.map((item) => ({ file: item.file, text: String(item[key]) }));
}

/**
 * The audit detail of a save, as the log's page shows it (decision 050): `changes` (the cover
 * and each changed alt text or label, before and after), the new `order` when it changed, and
 * the files `removed`.
 */
function describeChange(
  before: readonly Described[],
  after: readonly Described[],
  removed: readonly string[],
  textName: string,
  cover?: { before: string; after: string },
): Record<string, unknown> {
  const changes: Record<string, { before: string; after: string }> = {};
  if (cover) changes.cover = cover;
  for (const item of after) {
    const was = before.find((other) => other.file === item.file)?.text ?? "";
    if (was !== item.text)
      changes[`${textName} of ${item.file}`] = { before: was, after: item.text };
  }
  const detail: Record<string, unknown> = {};
  if (Object.keys(changes).length > 0) detail.changes = changes;
  const order = (items: readonly Described[]) =>
    items.map((item) => item.file).filter((file) => !removed.includes(file));
  if (order(before).join() !== order(after).join()) {
    detail.order = after.map((item) => item.file);
  }
  if (removed.length > 0) detail.removed = removed;
  return detail;
}
