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
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
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
  Announcement,
  type Focus,
  MoveButtons,
  moveItem,
  useArrangeable,
  useHydrated,
} from "./arrangeable.tsx";
import { FormToken } from "./form-field.tsx";
import {
  FileDrop,
  megabytes,
  UploadProgress,
  uploadErrors,
  uploadedCount,
  useUploadQueue,
} from "./upload-queue.tsx";

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
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, upload, refused } = props;
  const [items, setItems] = useState<Item[]>(() => itemsWith(listing.floorPlans, refused?.draft));
  const [revision, setRevision] = useState(listing.revision);
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
  const seenListing = useRef(listing);

  // New data (uploads, a photo save): new plans join the end; what was arranged here stays.
  useEffect(() => {
    if (seenListing.current === listing) return;
    seenListing.current = listing;
    setItems((current) => {
      const stored = new Set(listing.floorPlans.map((plan) => plan.file));
      const kept = current.filter((item) => stored.has(item.file));
      const known = new Set(kept.map((item) => item.file));
      return [...kept, ...itemsOf(listing.floorPlans.filter((plan) => !known.has(plan.file)))];
    });
    setRevision(listing.revision);
  }, [listing]);

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

  function change(file: string, update: Partial<Item>) {
    setItems((current) =>
      current.map((item) => (item.file === file ? { ...item, ...update } : item)),
    );
  }

  const errors = uploadErrors(upload);
  const stored = uploadedCount(upload);

  return (
    <section className="admin-photos admin-floor-plans" aria-labelledby="floor-plans-title">
      <h2 id="floor-plans-title" className="admin-photos__title">
        Floor plans
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        reloadDocument
        className="admin-photos__upload"
        aria-labelledby="floor-plans-upload-title"
      >
        <h3 id="floor-plans-upload-title" className="admin-floor-plans__subtitle">
          Add floor plans
        </h3>
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="floor-plans" />
        <FileDrop
          id="floor-plan-files"
          label="Choose floor plans"
          hint={hint}
          name={photoFields.floorPlans}
          accept={floorPlanAccept}
          errors={errors}
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
        </FileDrop>
        {stored > 0 ? (
          <p className="admin-notice admin-notice--success" role="status">
            {stored === 1
              ? "1 floor plan is uploaded: the public site shows it now."
              : `${stored} floor plans are uploaded: the public site shows them now.`}
          </p>
        ) : null}
        <UploadProgress transfers={transfers} />
      </Form>

      <Form
        method="post"
        className="admin-photos__arrange"
        aria-labelledby="floor-plans-list-title"
      >
        <h3 id="floor-plans-list-title" className="admin-floor-plans__subtitle">
          {count === 0
            ? "No floor plans yet"
            : count === 1
              ? "1 floor plan"
              : `${count} floor plans`}
        </h3>
        {refused ? (
          <div className="admin-notice admin-notice--error" role="alert">
            <p>{refused.message}</p>
          </div>
        ) : null}
        <FormToken token={csrfToken} />
        <input type="hidden" name="intent" value="floor-plans-save" />
        <input type="hidden" name="revision" value={revision} />
        {count === 0 ? (
          <p className="admin-field__hint">Floor plans you add show here.</p>
        ) : (
          <p className="admin-field__hint">
            The site's Floor Plans tab shows them in this order. Drag a plan, or use its Up and Down
            buttons, to change the order.
          </p>
        )}
        <ol className="admin-photos__list" ref={arrangeable.listRef}>
          {items.map((item, index) => {
            const fieldId = `plan-label-${item.file.replace(/[^\w-]/g, "-")}`;
            const original = imageUrl(imageBaseUrl, "property", item.file);
            // Only the image folder's own files have derivatives; an address is shown as it is.
            const thumbnail =
              imageDerivatives && !item.file.includes("/")
                ? imageVariantPath(original, 400)
                : original;
            return (
              <li
                key={item.file}
                className={`admin-photo admin-floor-plan${item.removed ? " admin-photo--removed" : ""}`}
                draggable={hydrated}
                {...arrangeable.dragProps(index, item.file, (from, to) => move(from, to))}
                data-file={item.file}
              >
                {item.kind === "pdf" ? (
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
                )}
                <div className="admin-photo__fields">
                  <p className="admin-photo__position">
                    {`Plan ${index + 1} of ${count}`}
                    <span className="admin-badge">{item.kind === "pdf" ? "PDF" : "Image"}</span>
                    {item.removed ? (
                      <span className="admin-photo__removal">Removed when you save</span>
                    ) : null}
                  </p>
                  <input type="hidden" name={floorPlanFields.plan} value={item.file} />
                  <div className="admin-field">
                    <label className="admin-field__label" htmlFor={fieldId}>
                      {`Label of plan ${index + 1}`}
                    </label>
                    <input
                      className="admin-field__input"
                      id={fieldId}
                      name={floorPlanFields.label(index)}
                      value={item.label}
                      maxLength={maxFloorPlanLabel}
                      placeholder={`Such as “Ground floor”; empty: “Floor plan ${index + 1}”`}
                      onChange={(event) => change(item.file, { label: event.currentTarget.value })}
                    />
                  </div>
                  <div className="admin-photo__choices">
                    <a href={original} target="_blank" rel="noopener">
                      Open the file
                      <span className="visually-hidden">{` of plan ${index + 1} (opens in a new tab)`}</span>
                    </a>
                    <label className="admin-choice__option">
                      <input
                        type="checkbox"
                        name={floorPlanFields.remove}
                        value={item.file}
                        checked={item.removed}
                        onChange={(event) =>
                          change(item.file, { removed: event.currentTarget.checked })
                        }
                      />
                      {` Remove`}
                      <span className="visually-hidden">{` plan ${index + 1}`}</span>
                    </label>
                  </div>
                </div>
                <MoveButtons
                  name={floorPlanFields.move}
                  file={item.file}
                  index={index}
                  noun="plan"
                  canMove={(to) => canMove(index, to)}
                  onMove={(to, focus) => move(index, to, focus)}
                />
              </li>
            );
          })}
        </ol>
        <Announcement text={arrangeable.announcement} />
        {count > 0 ? (
          <div className="admin-actions">
            <button className="admin-button" type="submit">
              Save floor plans
            </button>
          </div>
        ) : null}
      </Form>
    </section>
  );
}
