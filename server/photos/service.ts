/**
 * The back office's photo manager (decision 056): a listing's photos and floor plans, uploads
 * added to them, and saves of their order, texts and removals over the listing's revision.
 * Each write raises the revision, records its audit event in its own transaction (decision
 * 050) and is announced on the content-change path, so every app server shows it at once. A
 * file no listing uses any more is deleted with its derivatives. Made of its concerns
 * (decision 086): the photos (./photo-saves.ts) and the floor plans (./floor-plan-saves.ts),
 * both saved and uploaded by the steps of ./arranged-media.ts and ./uploads.ts over one
 * context (./photos-context.ts).
 */
import type { AdminPhotosService } from "#app-context";
import { findNewestListingEventId } from "../../db/queries/audit.ts";
import { listFloorPlans } from "../../db/queries/floor-plan.ts";
import { findListingPhotoRow } from "../../db/queries/listing-photos.ts";
import { photosOfRow } from "../../lib/admin-photos.ts";
import { photoBaseOf } from "../../lib/photo-merge.ts";
import { createFloorPlanSaves } from "./floor-plan-saves.ts";
import { createPhotoSaves } from "./photo-saves.ts";
import { type AdminPhotosOptions, createPhotosContext } from "./photos-context.ts";

export function createAdminPhotos(options: AdminPhotosOptions): AdminPhotosService {
  const context = createPhotosContext(options);
  const { db } = context;
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
    ...createPhotoSaves(context),
    ...createFloorPlanSaves(context),
  };
}
