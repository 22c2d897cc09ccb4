/**
 * The photos of the photo manager (decision 056): an upload added after a listing's photos,
 * and a save of their order, cover, alt text and removals, merged photo by photo with what
 * colleagues saved since the page opened (decision 056's addendum). The steps shared with the
 * floor plans are ./arranged-media.ts's, over the photos' kind.
 */
import type { AdminPhotosService } from "#app-context";
import {
  findNewestListingSaveDetail,
  inTransaction,
  listingPhotoActions,
  listListingSaversAfter,
} from "../../db/queries/audit.ts";
import { findListingPhotoRow, writeListingPhotos } from "../../db/queries/listing-photos.ts";
import {
  type ListingPhoto,
  type PhotoArrangement,
  type PhotoSave,
  photoColumns,
  photoLimits,
  photosOfRow,
} from "../../lib/admin-photos.ts";
import {
  mergePhotoArrangement,
  type PhotoMergeReport,
  photoMergeReportOf,
} from "../../lib/photo-merge.ts";
import {
  type ArrangedKind,
  rowAtRevision,
  saveArranged,
  uploadArranged,
} from "./arranged-media.ts";
import type { PhotosContext } from "./photos-context.ts";
import { photoUploads } from "./uploads.ts";

const photos: ArrangedKind<ListingPhoto> = {
  noun: "photos",
  textName: "alt",
  textOf: (photo) => photo.alt,
  actions: { save: "listing.photos-save", add: "listing.photos-add" },
  // A listing's photos are two columns of its row, read as they are.
  stored: async (_db, row) => photosOfRow(row).photos,
  keep(photo) {
    if (photo.alt.length > photoLimits.maxAlt) {
      return `Alt text may be at most ${photoLimits.maxAlt} characters.`;
    }
    return { file: photo.file, alt: photo.alt.trim() };
  },
  upload: photoUploads,
  added: (placed) => placed.map((file) => ({ file, alt: "" })),
  append: async (trx, row, stored, added, at) =>
    writeListingPhotos(
      trx,
      row.code,
      row.revision,
      photoColumns([...stored, ...added], photosOfRow(row).cover),
      at.toISOString(),
    ),
  addedDetail: (added, count) => ({ added: added.map((photo) => photo.file), count }),
};

export function createPhotoSaves(
  context: PhotosContext,
): Pick<AdminPhotosService, "upload" | "save" | "lastMerge"> {
  const { db, now, afterSave } = context;
  return {
    upload: (session, code, files) => uploadArranged(context, photos, session, code, files),

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
        return saveArranged(trx, photos, {
          session,
          listingChanges: context.listingChanges,
          code,
          row,
          posted: arrangement.photos,
          at,
          async write(kept) {
            const columns = photoColumns(kept, arrangement.cover);
            const written = await writeListingPhotos(
              trx,
              code,
              row.revision,
              columns,
              at.toISOString(),
            );
            if (!written) return false;
            return before.cover !== columns.cover_image
              ? { cover: { before: before.cover, after: columns.cover_image } }
              : {};
          },
          // The page's notice after the save names the colleagues whose changes it kept.
          detail: merged ? { merged } : undefined,
        });
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
  };
}
