/**
 * The floor plans of the photo manager's page (decision 052's addenda), a kind of
 * ./media-manager.tsx as the photos are (decision 086). Two forms that work without JavaScript:
 * - the upload form posts the chosen plans (images or PDFs, several at once) to the page,
 *   labelled as its label field says or "Floor plan n";
 * - the plans form posts every plan in order with its label and the plans to remove; a move
 *   button saves it with that plan one step up or down.
 * With JavaScript, choosing or dropping files uploads each at once with its own progress bar
 * (their labels are then given in the list), the move buttons and dragging reorder in place
 * (focus kept, the new position announced), and "Save floor plans" saves it all over the
 * listing's revision. A refused save keeps what was changed here, over the stored plans.
 */
import {
  floorPlanAccept,
  floorPlanFields,
  floorPlanFormatsText,
  floorPlanLimits,
  type ListingPhotos,
  type PhotoUploadAnswer,
  photoFields,
} from "../../lib/admin-photos.ts";
import { type FloorPlan, maxFloorPlanLabel, maxFloorPlans } from "../../lib/floor-plans.ts";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { MediaForms, type MediaKind, Thumbnail, useMediaList } from "./media-manager.tsx";
import { megabytes } from "./upload-queue.tsx";

/** What a refused save posted: the plans kept in order with their labels, and those removed. */
export interface FloorPlanDraft {
  plans: { file: string; label: string }[];
  removed: string[];
}

export interface FloorPlanManagerProps {
  listing: ListingPhotos;
  csrfToken: string;
  imageBaseUrl: string;
  imageDerivatives: boolean;
  /** The answer to the last floor-plan upload posted without JavaScript. */
  upload?: PhotoUploadAnswer | undefined;
  /** A refused save: why, and what it posted (shown again over the stored plans). */
  refused?: { message: string; draft: FloorPlanDraft } | undefined;
  /** New after each save of the plans or its refusal: the list starts again from what is stored. */
  startOver: string | null;
}

interface Item extends FloorPlan {
  removed: boolean;
}

const floorPlans: MediaKind<Item> = {
  noun: "floor plan",
  itemNoun: "plan",
  upload: {
    field: photoFields.floorPlans,
    accept: floorPlanAccept,
    maxBytes: floorPlanLimits.maxBytes,
    duplicate: "Already one of this listing's floor plans.",
    title: "Add floor plans",
    titleId: "floor-plans-upload-title",
    heading: "h3",
    headingClass: "admin-floor-plans__subtitle",
    intent: "floor-plans",
    id: "floor-plan-files",
    label: "Choose floor plans",
    hint: `${floorPlanFormatsText}, up to ${megabytes(floorPlanLimits.maxBytes)} each; an image at least ${floorPlanLimits.minWidth} × ${floorPlanLimits.minHeight} pixels. At most ${maxFloorPlans} plans a listing.`,
    submit: "Upload floor plans",
    stored: (count) =>
      count === 1
        ? "1 floor plan is uploaded: the public site shows it now."
        : `${count} floor plans are uploaded: the public site shows them now.`,
  },
  arrange: {
    intent: "floor-plans-save",
    title: (count) =>
      count === 0 ? "No floor plans yet" : count === 1 ? "1 floor plan" : `${count} floor plans`,
    titleId: "floor-plans-list-title",
    heading: "h3",
    headingClass: "admin-floor-plans__subtitle",
    hint: (count) =>
      count === 0
        ? "Floor plans you add show here."
        : "The site's Floor Plans tab shows them in this order. Drag a plan, or use its Up and Down buttons, to change the order.",
    save: "Save floor plans",
  },
  names: { file: floorPlanFields.plan, remove: floorPlanFields.remove, move: floorPlanFields.move },
  text: {
    label: "Label of plan",
    name: floorPlanFields.label,
    maxLength: maxFloorPlanLabel,
    placeholder: (index) => `Such as “Ground floor”; empty: “Floor plan ${index + 1}”`,
    valueOf: (item) => item.label,
    change: (label) => ({ label }),
  },
};

const itemsOf = (plans: readonly FloorPlan[]): Item[] =>
  plans.map((plan) => ({ ...plan, removed: false }));

/** The stored plans with a refused save's order, labels and removals laid over them. */
function itemsWith(plans: readonly FloorPlan[], draft: FloorPlanDraft | undefined): Item[] {
  if (!draft) return itemsOf(plans);
  const stored = new Map(plans.map((plan) => [plan.file, plan]));
  const items: Item[] = [];
  for (const { file, label } of draft.plans) {
    const plan = stored.get(file);
    if (plan) items.push({ ...plan, label, removed: false });
  }
  for (const file of draft.removed) {
    const plan = stored.get(file);
    if (plan) items.push({ ...plan, removed: true });
  }
  const known = new Set(items.map((item) => item.file));
  return [...items, ...itemsOf(plans.filter((plan) => !known.has(plan.file)))];
}

/** The label field of an upload: each new plan's label, numbered after the first. */
function UploadLabel() {
  return (
    <div className="admin-field admin-floor-plans__label">
      <label className="admin-field__label" htmlFor="floor-plan-label">
        Label (optional)
      </label>
      <p className="admin-field__hint" id="floor-plan-label-hint">
        Such as "Ground floor". Left empty, each plan is called "Floor plan" and its number.
      </p>
      <input
        id="floor-plan-label"
        className="admin-field__input"
        type="text"
        name={photoFields.floorPlanLabel}
        maxLength={maxFloorPlanLabel}
        aria-describedby="floor-plan-label-hint"
      />
    </div>
  );
}

export function FloorPlanManager(props: FloorPlanManagerProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload, refused, startOver } = props;
  const list = useMediaList(floorPlans, {
    listing,
    csrfToken,
    stored: listing.floorPlans,
    initial: () => itemsWith(listing.floorPlans, refused?.draft),
    startOver,
  });

  return (
    <section className="admin-photos admin-floor-plans" aria-labelledby="floor-plans-title">
      <h2 id="floor-plans-title" className="admin-photos__title">
        Floor plans
      </h2>
      <MediaForms
        kind={floorPlans}
        list={list}
        csrfToken={csrfToken}
        imageBaseUrl={imageBaseUrl}
        upload={upload}
        uploadFields={<UploadLabel />}
        alert={refused?.message}
        item={(item, index, original) => ({
          className: "admin-floor-plan",
          image:
            item.kind === "pdf" ? (
              <span className="admin-photo__image admin-floor-plan__pdf" aria-hidden="true">
                PDF
              </span>
            ) : (
              <Thumbnail
                className="admin-floor-plan__image"
                // Only the image folder's own files have derivatives; an address is shown as it is.
                src={
                  imageDerivatives && !item.file.includes("/")
                    ? imageVariantPath(original, 400)
                    : original
                }
              />
            ),
          badges: <span className="admin-badge">{item.kind === "pdf" ? "PDF" : "Image"}</span>,
          choices: (
            <a href={original} target="_blank" rel="noopener">
              Open the file
              <span className="visually-hidden">{` of plan ${index + 1} (opens in a new tab)`}</span>
            </a>
          ),
        })}
      />
    </section>
  );
}
