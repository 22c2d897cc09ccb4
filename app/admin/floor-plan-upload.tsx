/**
 * The floor plans of the photo manager's page (decision 052's addendum): the listing's plans in
 * order, and a form that uploads one or more plans (images or PDFs) after them, labelled as the
 * label field says or "Floor plan n". A plain multipart post to the page that reloads it, with
 * or without JavaScript; labels and order are changed in the listing editor's "Floor plans".
 */
import { Form, Link } from "react-router";
import {
  floorPlanAccept,
  floorPlanFormatsText,
  floorPlanLimits,
  type ListingPhotos,
  type PhotoUploadAnswer,
  photoFields,
} from "../../lib/admin-photos.ts";
import { maxFloorPlanLabel, maxFloorPlans } from "../../lib/floor-plans.ts";
import { imageUrl } from "../site-settings.ts";
import { FormToken } from "./form-field.tsx";
import { editPath } from "./listing-editing.ts";

export interface FloorPlanUploadProps {
  listing: ListingPhotos;
  csrfToken: string;
  imageBaseUrl: string;
  /** The answer to the last floor-plan upload. */
  upload?: PhotoUploadAnswer | undefined;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const hint = `${floorPlanFormatsText}, up to ${megabytes(floorPlanLimits.maxBytes)} each; an image at least ${floorPlanLimits.minWidth} × ${floorPlanLimits.minHeight} pixels. At most ${maxFloorPlans} plans a listing.`;

export function FloorPlanUpload({
  listing,
  csrfToken,
  imageBaseUrl,
  upload,
}: FloorPlanUploadProps) {
  const errors = [
    ...(upload && !upload.ok && upload.message ? [upload.message] : []),
    ...(upload?.results ?? []).flatMap((result) => (result.ok ? [] : [result.message])),
  ];
  const stored = upload?.results.filter((result) => result.ok).length ?? 0;
  const plans = listing.floorPlans;
  return (
    <section className="admin-floor-plans" aria-labelledby="floor-plans-title">
      <h2 id="floor-plans-title" className="admin-photos__title">
        Floor plans
      </h2>
      {plans.length === 0 ? (
        <p className="admin-field__hint">This listing has no floor plans yet.</p>
      ) : (
        <ol className="admin-floor-plans__list">
          {plans.map((plan) => (
            <li key={`${plan.label}=${plan.file}`} className="admin-floor-plans__item">
              <a
                href={imageUrl(imageBaseUrl, "property", plan.file)}
                target="_blank"
                rel="noopener"
              >
                {plan.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <span className="admin-floor-plans__kind">
                {plan.kind === "pdf" ? "PDF" : "Image"}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p className="admin-field__hint">
        Change the labels or the order, or remove a plan, in the{" "}
        <Link to={editPath(listing.code)}>listing editor</Link>'s "Floor plans".
      </p>
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
        <fieldset
          className={`admin-photos__drop${errors.length > 0 ? " admin-field--invalid" : ""}`}
        >
          <label className="admin-field__label" htmlFor="floor-plan-files">
            Choose floor plans
          </label>
          <p className="admin-field__hint" id="floor-plan-files-hint">
            {hint}
          </p>
          <input
            id="floor-plan-files"
            className="admin-photos__input"
            type="file"
            name={photoFields.floorPlans}
            accept={floorPlanAccept}
            multiple
            aria-invalid={errors.length > 0 ? true : undefined}
            aria-describedby={`floor-plan-files-hint${errors.length > 0 ? " floor-plan-files-error" : ""}`}
          />
        </fieldset>
        {errors.length > 0 ? (
          // The alert wraps the list: a list with the alert role would lose its items' list.
          <div className="admin-field__error" id="floor-plan-files-error" role="alert">
            <ul className="admin-photos__errors">
              {errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
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
        <button className="admin-button" type="submit">
          Upload floor plans
        </button>
        {stored > 0 ? (
          <p className="admin-notice admin-notice--success" role="status">
            {stored === 1
              ? "1 floor plan is uploaded: the public site shows it now."
              : `${stored} floor plans are uploaded: the public site shows them now.`}
          </p>
        ) : null}
      </Form>
    </section>
  );
}
