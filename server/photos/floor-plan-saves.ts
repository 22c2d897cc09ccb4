/**
 * The floor plans of the photo manager's page (decision 052's addenda): an upload of plans
 * (images or PDFs) added after a listing's plans, labelled as staff say or "Floor plan n", and
 * a save of their order, labels and removals over the listing's revision. The steps shared
 * with the photos are ./arranged-media.ts's, over the floor plans' kind.
 */
import type { AdminPhotosService } from "#app-context";
import { inTransaction } from "../../db/queries/audit.ts";
import {
  appendFloorPlans,
  listFloorPlans,
  replaceFloorPlans,
} from "../../db/queries/floor-plan.ts";
import { raiseListingRevision } from "../../db/queries/listing-photos.ts";
import type { PhotoSave } from "../../lib/admin-photos.ts";
import { defaultFloorPlanLabel, type FloorPlan, maxFloorPlanLabel } from "../../lib/floor-plans.ts";
import {
  type ArrangedKind,
  rowAtRevision,
  saveArranged,
  uploadArranged,
} from "./arranged-media.ts";
import type { PhotosContext } from "./photos-context.ts";
import { floorPlanUploads } from "./uploads.ts";

const labelRule = `A label may be at most ${maxFloorPlanLabel} characters, without | or =.`;

/** Whether staff may give a plan this (trimmed) label: short, without the stored format's marks. */
const labelAllowed = (label: string) => label.length <= maxFloorPlanLabel && !/[|=]/.test(label);

const floorPlans: ArrangedKind<FloorPlan, { file: string; label: string }> = {
  noun: "floor plans",
  textName: "label",
  textOf: (plan) => plan.label,
  actions: { save: "listing.floor-plans-save", add: "listing.floor-plans-add" },
  stored: (db, row) => listFloorPlans(db, row.id),
  keep(plan, stored, index) {
    const label = plan.label.trim();
    if (!labelAllowed(label)) return labelRule;
    return { ...stored, label: label === "" ? defaultFloorPlanLabel(index) : label };
  },
  upload: floorPlanUploads,
  // Labelled as the upload says (numbered after the first) or "Floor plan n".
  added: (placed, stored, named) =>
    placed.map((name, nth) => ({
      label:
        named === ""
          ? defaultFloorPlanLabel(stored.length + nth)
          : nth === 0
            ? named
            : `${named} ${nth + 1}`,
      file: name,
      kind: name.endsWith(".pdf") ? "pdf" : "image",
    })),
  async append(trx, row, stored, added, at) {
    if (!(await raiseListingRevision(trx, row.code, row.revision, at.toISOString()))) {
      return false;
    }
    await appendFloorPlans(trx, row.id, stored.length, added);
    return true;
  },
  addedDetail: (added, count) => ({
    added: added.map((plan) => `${plan.label}=${plan.file}`),
    count,
  }),
};

export function createFloorPlanSaves(
  context: PhotosContext,
): Pick<AdminPhotosService, "uploadFloorPlans" | "saveFloorPlans"> {
  const { db, now, afterSave } = context;
  return {
    async uploadFloorPlans(session, code, files, label) {
      const named = label.trim();
      if (!labelAllowed(named)) return { ok: false, results: [], message: labelRule };
      return uploadArranged(context, floorPlans, session, code, files, named);
    },

    async saveFloorPlans(session, code, revision, arrangement) {
      const at = now();
      const answer = await inTransaction(db, async (trx): Promise<PhotoSave> => {
        const row = await rowAtRevision(trx, code, revision);
        if ("reason" in row) return row;
        return saveArranged(trx, floorPlans, {
          session,
          listingChanges: context.listingChanges,
          code,
          row,
          posted: arrangement.plans,
          at,
          async write(kept) {
            if (!(await raiseListingRevision(trx, code, revision, at.toISOString()))) return false;
            await replaceFloorPlans(trx, row.id, kept);
            return {};
          },
        });
      });
      return afterSave(answer);
    },
  };
}
