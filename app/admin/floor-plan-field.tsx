/**
 * The listing editor's floor plans (decisions 052 and 069): each plan the site stored under its
 * content hash is shown by its picture (or a PDF tile), its kind and its label, which staff
 * edit or tick to remove; its 64-character file name only travels in a hidden field. Plans at
 * an address, or named by a file name someone typed, stay lines of the text area. The form
 * posts both, and `listingValuesOf` joins them into the field's `Label=file` lines.
 */
import { storedPlanFields } from "../../lib/admin-listing-form.ts";
import {
  floorPlanLabelSeparator,
  isStoredPlanFile,
  maxFloorPlanLabel,
  parseFloorPlanItem,
} from "../../lib/floor-plans.ts";
import { imageVariantPath } from "../../lib/image-variants.ts";
import { imageUrl, useSiteSettings } from "../site-settings.ts";

export interface FloorPlanFieldProps {
  id: string;
  label: string;
  /** The field's `Label=file` lines. */
  value: string;
  error: string | undefined;
}

/** The stored plans (shown as such) and the other lines (left as text). */
export function splitPlanLines(value: string) {
  const stored: { label: string; file: string; kind: "image" | "pdf" | undefined }[] = [];
  const other: string[] = [];
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .forEach((line, index) => {
      const plan = parseFloorPlanItem(line, index);
      if (isStoredPlanFile(plan.file)) {
        // A line without a label keeps it empty here, so the save gives the default again.
        const labelled = line.includes(floorPlanLabelSeparator);
        stored.push({ ...plan, label: labelled ? plan.label : "" });
      } else other.push(line);
    });
  return { stored, other: other.join("\n") };
}

export function FloorPlanField({ id, label, value, error }: FloorPlanFieldProps) {
  const { imageBaseUrl, imageDerivatives } = useSiteSettings();
  const { stored, other } = splitPlanLines(value);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={`admin-editor__group admin-plan-field${error ? " admin-field--invalid" : ""}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="admin-editor__legend">{label}</legend>
      {stored.length > 0 ? (
        <ol className="admin-plan-field__list" aria-label="Stored plans">
          {stored.map((plan, index) => {
            const original = imageUrl(imageBaseUrl, "property", plan.file);
            const labelId = `${id}-label-${index}`;
            return (
              <li key={plan.file} className="admin-plan-field__plan">
                {plan.kind === "pdf" ? (
                  <span
                    className="admin-plan-field__thumb admin-floor-plan__pdf"
                    aria-hidden="true"
                  >
                    PDF
                  </span>
                ) : (
                  <img
                    className="admin-plan-field__thumb admin-floor-plan__image"
                    src={imageDerivatives ? imageVariantPath(original, 200) : original}
                    alt=""
                    width={96}
                    height={64}
                    loading="lazy"
                  />
                )}
                <div className="admin-plan-field__fields">
                  <label className="admin-field__label" htmlFor={labelId}>
                    {`Plan ${index + 1} (${plan.kind === "pdf" ? "PDF" : "image"}): label`}
                  </label>
                  <input type="hidden" name={storedPlanFields.file} value={plan.file} />
                  <input
                    className="admin-field__input"
                    id={labelId}
                    name={storedPlanFields.label}
                    defaultValue={plan.label}
                    maxLength={maxFloorPlanLabel}
                    placeholder={`Empty: “Floor plan ${index + 1}”`}
                    autoComplete="off"
                  />
                  <div className="admin-plan-field__choices">
                    <label className="admin-choice__option">
                      <input type="checkbox" name={storedPlanFields.remove} value={plan.file} />
                      {`Remove plan ${index + 1}`}
                    </label>
                    <a href={original} target="_blank" rel="noopener">
                      Open the file
                      <span className="visually-hidden">{` of plan ${index + 1} (opens in a new tab)`}</span>
                    </a>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <label className="admin-field__label" htmlFor={id}>
        {stored.length > 0 ? "Other plans" : "Plans"}
      </label>
      <p className="admin-field__hint" id={hintId}>
        One plan a line: its label, '=', then an image (.png, .jpg, .webp) or PDF already in the
        property images, or its https:// address. Such as: Ground
        floor=https://example.com/plan.pdf. The photos page (Manage photos) uploads plans and orders
        them; uploaded plans show above.
      </p>
      <textarea
        className="admin-field__input"
        id={id}
        name="floor_plans"
        rows={stored.length > 0 ? 2 : 3}
        defaultValue={other}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
      />
      {error ? (
        <p className="admin-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
