/**
 * The listing editor's form (decision 044): every SPEC §3 property field in fieldsets, each
 * with its label and its message beside it, a summary of the problems at the top linking to
 * the fields, the description's rich text editor, amenities as checkboxes and related
 * properties picked by search. It posts without JavaScript; values come back as typed when a
 * save is refused. With JavaScript, what is typed is also kept in the browser until it is saved
 * (decision 064).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import {
  type ListingChoice,
  type ListingField,
  type ListingFieldIssue,
  type ListingFormOptions,
  type ListingFormValues,
  type ListingTextField,
  listingFieldLabels,
  offerTypes,
} from "../../lib/admin-listing-form.ts";
import { availabilityLabels } from "../../lib/availability.ts";
import type { PortalReadiness } from "../../lib/portal-readiness.ts";
import {
  editorFieldsOf,
  type ListingEditorGroup,
  propertyField,
} from "../../lib/property-fields.ts";
import { rentPeriodLabels } from "../../lib/rent-period.ts";
import { FloorPlanField } from "./floor-plan-field.tsx";
import { FormToken } from "./form-field.tsx";
import { type ListingDraft, type ListingDraftState, useListingDraft } from "./listing-draft.ts";
import { LocationPicker, locationConfirmId } from "./location-picker.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";
import { adminPaths } from "./staff.ts";

/** The id of a field's control (the summary links to it). */
export function fieldId(field: ListingField): string {
  if (field === "amenities") return "listing-amenities-0";
  if (field === "related") return "listing-related-q";
  if (field === "location") return locationConfirmId;
  return `listing-${field}`;
}

/** "Price must be a number": a problem as the form shows it. */
export function issueText(found: ListingFieldIssue): string {
  if (found.field === null) return found.message.replace(/^./, (first) => first.toUpperCase());
  return `${listingFieldLabels[found.field]} ${found.message}`;
}

export interface ListingFormProps {
  mode: "new" | "edit";
  values: ListingFormValues;
  issues: readonly ListingFieldIssue[];
  options: ListingFormOptions;
  /** The related properties chosen, with their headlines. */
  chosen: readonly ListingChoice[];
  /** The related properties' search: its words and what it found (null: not searched). */
  related: { query: string; found: readonly ListingChoice[] | null };
  csrfToken: string;
  /** The revision the form was opened at (edit only). */
  revision?: number;
  /** What the form was opened with, posted back so a save merges (edit only, decision 044). */
  base?: string;
  /** The page answers this form's post: what it shows is newer than any draft of it. */
  answered?: boolean;
  archived?: boolean;
  /** What goes above the fields inside the form (the conflict notice's buttons). */
  notice?: ReactNode;
  /** The form's action: its own route unless given. */
  action?: string;
  /** The page answers this form's successful save: the draft it posted is no longer needed. */
  justSaved?: boolean;
  /** New: the next free code of the newest listing's series, the code's example. */
  proposedCode?: string;
  /** Edit: the listing's stored code (the code field may hold a new one, decision 069). */
  code?: string;
  /** Whether GEOCODER_URL is set: the position's "Find on map" (decision 069). */
  canGeocode?: boolean;
  /** Edit: what each portal feed still needs of the saved listing (decision 093). */
  portals?: readonly PortalReadiness[];
}

/** Said before it is typed, since halves are refused. */
const ratingHint = "Whole stars only: 0, 1, 2, 3, 4 or 5 (no halves).";

/** The code's hint: its rules, and what a change carries with it (decision 069). */
function codeHint(mode: ListingFormProps["mode"], proposed: string | undefined): string {
  const rules = "Letters, digits, '.', '_' or '-'";
  if (mode === "new") {
    return proposed ? `${rules}, such as ${proposed} (the next free code).` : `${rules}.`;
  }
  return `${rules}. A new code renames the listing: related listings, collections and enquiries follow it; the page's address (slug) stays.`;
}

interface TextFieldProps {
  field: ListingTextField;
  values: ListingFormValues;
  errors: Partial<Record<ListingField, string>>;
  hint?: string;
  inputMode?: "numeric" | "decimal" | "url";
  type?: "text" | "url" | "date";
  required?: boolean;
  autoComplete?: string;
  /** Takes a whole row: a value usually longer than a quarter of the form shows whole. */
  wide?: boolean;
  /** What the browser checks too (the form posts without its checks: the server says why). */
  pattern?: string;
}

function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  return (
    [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined
  );
}

function FieldShell({
  id,
  label,
  hint,
  error,
  wide,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className={`admin-field${error ? " admin-field--invalid" : ""}${wide ? " admin-editor__wide" : ""}`}
    >
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextField({
  field,
  values,
  errors,
  hint,
  inputMode,
  type = "text",
  required,
  autoComplete = "off",
  wide,
  pattern,
}: TextFieldProps) {
  const id = fieldId(field);
  const error = errors[field];
  return (
    <FieldShell id={id} label={listingFieldLabels[field]} hint={hint} error={error} wide={wide}>
      <input
        className="admin-field__input"
        id={id}
        name={field}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        required={required}
        aria-required={required ? true : undefined}
        pattern={pattern}
        defaultValue={values[field]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

/**
 * The fields lib/property-fields.ts draws in `group`, in its order: a count as digits, text as
 * text, a choice as a list with a blank first (each choice is optional).
 */
function SchemaFields({
  group,
  values,
  errors,
}: {
  group: ListingEditorGroup;
  values: ListingFormValues;
  errors: Partial<Record<ListingField, string>>;
}) {
  return editorFieldsOf(group).map((name) => {
    const field = propertyField(name);
    const type = field.type;
    if (type.kind === "choice") {
      return (
        <SelectField
          key={name}
          field={name}
          values={values}
          errors={errors}
          choices={Object.values(type.choices)}
          blank="Not given"
          hint={field.help}
        />
      );
    }
    if (type.kind === "switch") {
      return (
        <SwitchField key={name} field={name} values={values} errors={errors} hint={field.help} />
      );
    }
    return (
      <TextField
        key={name}
        field={name}
        values={values}
        errors={errors}
        inputMode={type.kind === "count" || type.kind === "number" ? "numeric" : undefined}
        type={type.kind === "date" ? "date" : "text"}
        required={type.kind === "text" && type.required === true}
        wide={field.wide}
        hint={field.help}
      />
    );
  });
}

/**
 * A switch of lib/property-fields.ts as a checkbox after a hidden "no": unticked, the form
 * posts "no"; ticked, "no" and "yes", which reads as yes (lib/admin-listing-form.ts).
 */
function SwitchField({
  field,
  values,
  errors,
  hint,
}: {
  field: ListingTextField;
  values: ListingFormValues;
  errors: Partial<Record<ListingField, string>>;
  hint?: string;
}) {
  const id = fieldId(field);
  const error = errors[field];
  return (
    <div className={`admin-field${error ? " admin-field--invalid" : ""}`}>
      <input type="hidden" name={field} value="no" />
      <label className="admin-choice__option" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={field}
          value="yes"
          defaultChecked={values[field] !== "no"}
          aria-describedby={describedBy(id, hint, error)}
        />
        {listingFieldLabels[field]}
      </label>
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What each feed the listing is switched on for still lacks (lib/portal-readiness.ts), as
 * saved: a feed that has all it needs says so; a feed switched off says nothing.
 */
function PortalsPanel({ readiness }: { readiness: readonly PortalReadiness[] }) {
  const shown = readiness.filter((feed) => feed.switchedOn);
  return (
    <section className="admin-field admin-editor__wide" aria-labelledby="listing-portals-title">
      <h3 id="listing-portals-title" className="admin-field__label">
        What the portals still need
      </h3>
      {shown.length === 0 ? (
        <p className="admin-field__hint">It is switched off for every portal.</p>
      ) : (
        <ul className="admin-editor__portals">
          {shown.map((feed) => (
            <li key={feed.feed}>
              <strong>{`${feed.label}:`}</strong>{" "}
              {feed.reasons.length === 0 ? (
                "ready to send (while it is published)."
              ) : (
                <>
                  not sent until it has what is missing:
                  <ul>
                    {feed.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SelectField({
  field,
  values,
  errors,
  choices,
  blank,
  hint,
}: {
  field: ListingTextField;
  values: ListingFormValues;
  errors: Partial<Record<ListingField, string>>;
  choices: readonly string[];
  blank?: string;
  hint?: string;
}) {
  const id = fieldId(field);
  const error = errors[field];
  const current = values[field];
  // A stored value outside the list (an old import) stays choosable, so a save keeps it.
  const all = current && !choices.includes(current) ? [current, ...choices] : choices;
  return (
    <FieldShell id={id} label={listingFieldLabels[field]} hint={hint} error={error}>
      <select
        className="admin-field__input"
        id={id}
        name={field}
        defaultValue={current}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {all.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

function Fieldset({
  legend,
  narrow,
  children,
}: {
  legend: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="admin-editor__group">
      <legend className="admin-editor__legend">{legend}</legend>
      <div className={`admin-editor__fields${narrow ? " admin-editor__fields--narrow" : ""}`}>
        {children}
      </div>
    </fieldset>
  );
}

function relatedBoxId(code: string): string {
  return `listing-related-chosen-${code}`;
}

/**
 * The related properties: the chosen ones ticked, a search, and what it found. A listing ticked
 * in the results joins the chosen ones at once, so it stays chosen (and can be unticked there)
 * whatever is searched next; without JavaScript "Find" posts the ticks, which come back chosen.
 */
function RelatedPicker({
  values,
  chosen,
  related,
  error,
}: {
  values: ListingFormValues;
  chosen: readonly ListingChoice[];
  related: ListingFormProps["related"];
  error: string | undefined;
}) {
  // With JavaScript the search runs in place (GET /admin/listings/related) as the words change.
  const fetcher = useFetcher<{ found: ListingChoice[] }>();
  const query = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const found = fetcher.data?.found ?? related.found;
  // Ticked in a search's results: kept among the chosen, so the next search does not drop them.
  const [picked, setPicked] = useState<ListingChoice[]>([]);
  const [focusCode, setFocusCode] = useState<string | null>(null);
  const chosenCodes = new Set([...values.related, ...picked.map((choice) => choice.code)]);
  // Codes typed or posted that are not (or no longer) listings still show, so nothing is lost.
  const chosenList: ListingChoice[] = [
    ...values.related.map(
      (code) => chosen.find((choice) => choice.code === code) ?? { code, headline: "" },
    ),
    ...picked.filter((choice) => !values.related.includes(choice.code)),
  ];
  const offered = (found ?? []).filter((choice) => !chosenCodes.has(choice.code));
  // The ticked box moved to the chosen list: the focus goes with it.
  useEffect(() => {
    if (focusCode) document.getElementById(relatedBoxId(focusCode))?.focus();
  }, [focusCode]);
  const search = () => {
    const words = query.current?.value.trim() ?? "";
    if (words) fetcher.load(`${adminPaths.listings}/related?${new URLSearchParams({ q: words })}`);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const errorId = "listing-related-error";
  return (
    <fieldset
      className={`admin-editor__group${error ? " admin-field--invalid" : ""}`}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="admin-editor__legend">{listingFieldLabels.related}</legend>
      {chosenList.length > 0 ? (
        <ul className="admin-editor__choices" aria-label="Chosen">
          {chosenList.map((choice) => (
            <li key={choice.code}>
              <label className="admin-choice__option">
                <input
                  id={relatedBoxId(choice.code)}
                  type="checkbox"
                  name="related"
                  value={choice.code}
                  defaultChecked
                />
                {choice.headline ? `${choice.code} — ${choice.headline}` : choice.code}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-field__hint">None chosen.</p>
      )}
      <div className="admin-editor__search">
        <div className="admin-field">
          <label className="admin-field__label" htmlFor="listing-related-q">
            Find a listing by code or headline
          </label>
          <input
            ref={query}
            className="admin-field__input"
            id="listing-related-q"
            name="related_q"
            type="search"
            autoComplete="off"
            defaultValue={related.query}
            aria-describedby={error ? errorId : undefined}
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(search, 300);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                search();
              }
            }}
          />
        </div>
        <button
          className="admin-button admin-button--secondary"
          type="submit"
          name="intent"
          value="find"
          formNoValidate
          onClick={(event) => {
            event.preventDefault();
            search();
          }}
        >
          Find
        </button>
      </div>
      {found !== null ? (
        <div aria-live="polite">
          {offered.length === 0 ? (
            <p className="admin-field__hint">No other listing matches.</p>
          ) : (
            <ul className="admin-editor__choices" aria-label="Found: tick to add">
              {offered.map((choice) => (
                <li key={choice.code}>
                  <label className="admin-choice__option">
                    <input
                      type="checkbox"
                      name="related"
                      value={choice.code}
                      onChange={(event) => {
                        if (!event.currentTarget.checked) return;
                        setPicked((before) => [...before, choice]);
                        setFocusCode(choice.code);
                      }}
                    />
                    {`${choice.code} — ${choice.headline}`}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** When a draft was typed, in the reader's own words for dates. */
function typedWhen(draft: ListingDraft): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(draft.typedAt),
  );
}

/** The offer of a draft kept in this browser, and what restoring one did. */
function DraftNotice({ draft, revision }: { draft: ListingDraftState; revision?: number }) {
  if (draft.offered) {
    const offered = draft.offered;
    const savedSince = revision !== undefined && offered.revision !== revision;
    return (
      <section className="admin-notice admin-notice--draft" aria-labelledby="listing-draft-title">
        <h2 id="listing-draft-title" className="admin-editor__summary-title">
          Changes not saved yet
        </h2>
        <p>
          {`This browser kept what you typed here on ${typedWhen(offered)}, which was not saved.`}
          {savedSince
            ? " The listing has been saved since then: saving merges your changes with it, and asks where you both changed a field."
            : null}
        </p>
        <div className="admin-actions">
          <button className="admin-button" type="button" onClick={draft.restore}>
            Restore my changes
          </button>
          <button
            className="admin-button admin-button--secondary"
            type="button"
            onClick={draft.discard}
          >
            Discard them
          </button>
        </div>
      </section>
    );
  }
  if (draft.restored) {
    return (
      <div className="admin-notice admin-notice--draft" role="status">
        <p>Your changes are back in the form below. Check them, then save.</p>
      </div>
    );
  }
  return null;
}

export function ListingForm(props: ListingFormProps) {
  const { mode, issues, options, chosen, csrfToken, archived } = props;
  const draft = useListingDraft(
    mode === "new" ? null : (props.code ?? props.values.code),
    props.values,
    props.revision ?? null,
    props.justSaved ?? false,
    props.answered ?? false,
  );
  // A restored draft shows its values, and posts the revision it was typed over.
  const restored = draft.restored;
  const values = restored?.values ?? props.values;
  const revision = restored ? (restored.revision ?? undefined) : props.revision;
  const base = restored ? (restored.base ?? "") : props.base;
  const related = restored ? { query: "", found: null } : props.related;
  const errors: Partial<Record<ListingField, string>> = {};
  for (const found of issues) {
    if (found.field !== null && errors[found.field] === undefined) {
      errors[found.field] = issueText(found);
    }
  }
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (issues.length > 0) summary.current?.focus();
  }, [issues]);
  const amenitiesError = errors.amenities;
  const chosenAmenities = new Set(values.amenities.map((title) => title.toLowerCase()));
  const extraAmenities = values.amenities.filter(
    (title) => !options.amenities.some((known) => known.toLowerCase() === title.toLowerCase()),
  );
  return (
    <>
      {issues.length > 0 ? (
        <div
          ref={summary}
          className="admin-notice admin-notice--error admin-editor__summary"
          role="alert"
          tabIndex={-1}
          aria-labelledby="listing-problems-title"
        >
          <h2 id="listing-problems-title" className="admin-editor__summary-title">
            {issues.length === 1
              ? "There is 1 problem: nothing is saved yet"
              : `There are ${issues.length} problems: nothing is saved yet`}
          </h2>
          <ul>
            {issues.map((found, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the issues' order is fixed.
              <li key={index}>
                {found.field !== null ? (
                  <a href={`#${fieldId(found.field)}`}>{issueText(found)}</a>
                ) : (
                  issueText(found)
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DraftNotice draft={draft} revision={props.revision} />
      <Form
        // Restoring a draft starts the form again from its values.
        key={restored ? "restored" : "opened"}
        method="post"
        className="admin-editor"
        noValidate
        action={props.action}
        onInput={draft.typed}
        onChange={draft.typed}
        onSubmit={draft.posting}
      >
        <FormToken token={csrfToken} />
        {/* First in the form, so Enter in any field saves (the browser's default button). */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1}>
          Save
        </button>
        {revision !== undefined ? <input type="hidden" name="revision" value={revision} /> : null}
        {base !== undefined ? <input type="hidden" name="base" value={base} /> : null}
        {props.notice}
        <Fieldset legend="The listing">
          <TextField
            field="code"
            values={values}
            errors={errors}
            required
            hint={codeHint(mode, props.proposedCode)}
          />
          <TextField field="headline" values={values} errors={errors} required wide />
          <TextField
            field="slug"
            values={values}
            errors={errors}
            hint={
              mode === "new"
                ? "Leave empty to make it from the headline and code."
                : "Changing it changes the public page's address."
            }
          />
          <SelectField field="offer_type" values={values} errors={errors} choices={offerTypes} />
          <SelectField
            field="category"
            values={values}
            errors={errors}
            choices={options.categories}
            blank="No category"
          />
          <TextField
            field="price"
            values={values}
            errors={errors}
            inputMode="decimal"
            required
            hint="In dollars, digits only (a rent per the period below)."
          />
          <SelectField
            field="rent_period"
            values={values}
            errors={errors}
            choices={Object.values(rentPeriodLabels)}
          />
          <SelectField
            field="availability"
            values={values}
            errors={errors}
            choices={Object.values(availabilityLabels)}
          />
          <SchemaFields group="listing" values={values} errors={errors} />
          <div className="admin-field">
            <label className="admin-choice__option" htmlFor="listing-publish">
              <input
                id="listing-publish"
                type="checkbox"
                name="publish"
                value="yes"
                defaultChecked={values.publish && !archived}
                disabled={archived}
                aria-describedby={archived ? "listing-publish-hint" : undefined}
              />
              {listingFieldLabels.publish}
            </label>
            {archived ? (
              <p className="admin-field__hint" id="listing-publish-hint">
                Archived: restore it from the listings table before publishing it.
              </p>
            ) : null}
          </div>
        </Fieldset>
        <Fieldset legend="Where">
          <SchemaFields group="where" values={values} errors={errors} />
          <LocationPicker
            code={mode === "new" ? undefined : (props.code ?? props.values.code)}
            csrfToken={csrfToken}
            canGeocode={props.canGeocode ?? false}
            refusal={issues.find((found) => found.field === "location")?.message}
            latitude={values.latitude}
            longitude={values.longitude}
          >
            <TextField
              field="latitude"
              values={values}
              errors={errors}
              inputMode="decimal"
              hint="Decimal degrees, −90 to 90 (north is positive); with longitude, or neither."
            />
            <TextField
              field="longitude"
              values={values}
              errors={errors}
              inputMode="decimal"
              hint="Decimal degrees, −180 to 180 (east is positive)."
            />
          </LocationPicker>
        </Fieldset>
        <Fieldset legend="Rooms and size" narrow>
          <SchemaFields group="rooms" values={values} errors={errors} />
          <TextField
            field="rating"
            values={values}
            errors={errors}
            inputMode="numeric"
            pattern="[0-5]"
            hint={ratingHint}
          />
        </Fieldset>
        <div className="admin-editor__group">
          <RichTextEditor
            labelClassName="admin-editor__legend"
            id={fieldId("description")}
            name="description"
            label={listingFieldLabels.description}
            defaultValue={values.description}
            hint="Paragraphs, bold, italic, headings, lists, quotes and links; anything else is removed on save."
            error={errors.description}
          />
        </div>
        <fieldset
          className={`admin-editor__group${amenitiesError ? " admin-field--invalid" : ""}`}
          aria-describedby={amenitiesError ? "listing-amenities-error" : undefined}
        >
          <legend className="admin-editor__legend">{listingFieldLabels.amenities}</legend>
          <div className="admin-editor__checks">
            {[...extraAmenities, ...options.amenities].map((title, index) => (
              <label key={title} className="admin-choice__option">
                <input
                  id={`listing-amenities-${index}`}
                  type="checkbox"
                  name="amenities"
                  value={title}
                  defaultChecked={chosenAmenities.has(title.toLowerCase())}
                />
                {title}
              </label>
            ))}
          </div>
          {amenitiesError ? (
            <p className="admin-field__error" id="listing-amenities-error">
              {amenitiesError}
            </p>
          ) : null}
        </fieldset>
        <RelatedPicker values={values} chosen={chosen} related={related} error={errors.related} />
        <Fieldset legend="Video and map">
          <TextField
            field="youtube"
            values={values}
            errors={errors}
            type="url"
            inputMode="url"
            hint="Such as https://www.youtube.com/watch?v=… (optional)."
          />
          <TextField
            field="google_map"
            values={values}
            errors={errors}
            type="url"
            inputMode="url"
            hint="The map's embed address, https://… (optional)."
          />
        </Fieldset>
        <Fieldset legend="Portals">
          <SchemaFields group="portals" values={values} errors={errors} />
          {props.portals ? <PortalsPanel readiness={props.portals} /> : null}
        </Fieldset>
        <FloorPlanField
          id={fieldId("floor_plans")}
          label={listingFieldLabels.floor_plans}
          value={values.floor_plans}
          error={errors.floor_plans}
        />
        <div className="admin-actions admin-editor__actions">
          <button className="admin-button" type="submit" name="intent" value="save">
            {mode === "new" ? "Create listing" : "Save changes"}
          </button>
        </div>
      </Form>
    </>
  );
}
