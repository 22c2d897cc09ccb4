/**
 * The floor plans of the photo manager's page (decision 052's addenda), handled as the photos
 * are. Two forms that work without JavaScript:
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
import { imageUrl } from "../site-settings.ts";
import {
  ArrangedItem,
  ArrangeForm,
  type Focus,
  moveItem,
  useArrangeable,
  useArrangedItems,
  useHydrated,
} from "./arrangeable.tsx";
import { megabytes, UploadForm, useUploadQueue } from "./upload-queue.tsx";

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

const hint = `${floorPlanFormatsText}, up to ${megabytes(floorPlanLimits.maxBytes)} each; an image at least ${floorPlanLimits.minWidth} × ${floorPlanLimits.minHeight} pixels. At most ${maxFloorPlans} plans a listing.`;

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

export function FloorPlanManager(props: FloorPlanManagerProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload, refused, startOver } = props;
  const { items, setItems, revision, change } = useArrangedItems(
    listing,
    listing.floorPlans,
    () => itemsWith(listing.floorPlans, refused?.draft),
    startOver,
  );
  const hydrated = useHydrated();
  const arrangeable = useArrangeable();
  const { transfers, uploadFiles } = useUploadQueue({
    code: listing.code,
    csrfToken,
    field: photoFields.floorPlans,
    maxBytes: floorPlanLimits.maxBytes,
    noun: "floor plan",
    duplicate: "Already one of this listing's floor plans.",
  });

  const count = items.length;
  const canMove = (from: number, to: number) =>
    from !== to && from >= 0 && to >= 0 && from < count && to < count;

  function move(from: number, to: number, focus?: Focus) {
    if (!canMove(from, to)) return;
    setItems(moveItem(items, from, to));
    if (focus) arrangeable.keepFocus(focus);
    arrangeable.announce(
      `Floor plan moved to position ${to + 1} of ${count}. Save to keep the order.`,
    );
  }

  return (
    <section className="admin-photos admin-floor-plans" aria-labelledby="floor-plans-title">
      <h2 id="floor-plans-title" className="admin-photos__title">
        Floor plans
      </h2>
      <UploadForm
        csrfToken={csrfToken}
        title="Add floor plans"
        titleId="floor-plans-upload-title"
        heading="h3"
        headingClass="admin-floor-plans__subtitle"
        intent="floor-plans"
        upload={upload}
        stored={(count) =>
          count === 1
            ? "1 floor plan is uploaded: the public site shows it now."
            : `${count} floor plans are uploaded: the public site shows them now.`
        }
        transfers={transfers}
        id="floor-plan-files"
        label="Choose floor plans"
        hint={hint}
        name={photoFields.floorPlans}
        accept={floorPlanAccept}
        hydrated={hydrated}
        submit="Upload floor plans"
        acceptsDrop={arrangeable.draggingFiles}
        onFiles={uploadFiles}
      >
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
      </UploadForm>

      <ArrangeForm
        csrfToken={csrfToken}
        intent="floor-plans-save"
        revision={revision}
        title={
          count === 0 ? "No floor plans yet" : count === 1 ? "1 floor plan" : `${count} floor plans`
        }
        titleId="floor-plans-list-title"
        heading="h3"
        headingClass="admin-floor-plans__subtitle"
        alert={refused?.message}
        hint={
          count === 0
            ? "Floor plans you add show here."
            : "The site's Floor Plans tab shows them in this order. Drag a plan, or use its Up and Down buttons, to change the order."
        }
        count={count}
        listRef={arrangeable.listRef}
        announcement={arrangeable.announcement}
        save="Save floor plans"
      >
        {items.map((item, index) => {
          const original = imageUrl(imageBaseUrl, "property", item.file);
          // Only the image folder's own files have derivatives; an address is shown as it is.
          const thumbnail =
            imageDerivatives && !item.file.includes("/")
              ? imageVariantPath(original, 400)
              : original;
          return (
            <ArrangedItem
              key={item.file}
              item={item}
              index={index}
              count={count}
              noun="plan"
              className="admin-floor-plan"
              hydrated={hydrated}
              drag={arrangeable.dragProps(index, item.file, (from, to) => move(from, to))}
              image={
                item.kind === "pdf" ? (
                  <span className="admin-photo__image admin-floor-plan__pdf" aria-hidden="true">
                    PDF
                  </span>
                ) : (
                  <img
                    className="admin-photo__image admin-floor-plan__image"
                    src={thumbnail}
                    alt=""
                    width={200}
                    height={133}
                    loading="lazy"
                  />
                )
              }
              badges={<span className="admin-badge">{item.kind === "pdf" ? "PDF" : "Image"}</span>}
              names={{
                file: floorPlanFields.plan,
                remove: floorPlanFields.remove,
                move: floorPlanFields.move,
              }}
              text={{
                label: "Label of plan",
                name: floorPlanFields.label(index),
                value: item.label,
                maxLength: maxFloorPlanLabel,
                placeholder: `Such as “Ground floor”; empty: “Floor plan ${index + 1}”`,
                onChange: (label) => change(item.file, { label }),
              }}
              choices={
                <a href={original} target="_blank" rel="noopener">
                  Open the file
                  <span className="visually-hidden">{` of plan ${index + 1} (opens in a new tab)`}</span>
                </a>
              }
              change={change}
              canMove={(to) => canMove(index, to)}
              onMove={(to, focus) => move(index, to, focus)}
            />
          );
        })}
      </ArrangeForm>
    </section>
  );
}
