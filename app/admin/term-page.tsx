/**
 * The amenities' and the categories' pages (decision 057): one list each, by title, with how
 * many listings use each; a form to add one; each renamed in its row; each removed after a
 * confirmation that says what happens to the listings using it (an amenity is taken off them;
 * a category's listings first move to another category, or to none, chosen in a step of its
 * own, then confirmed with their number and where they go).
 */
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { AdminContentService, StaffSession } from "#app-context";
import type { AdminTerm, ContentFieldIssue, TermFormValues } from "../../lib/admin-content.ts";
import {
  categoryMoveProblems,
  moveTargetOf,
  noCategory,
  termFieldLabels,
  textOf,
} from "../../lib/admin-content.ts";
import { doneNotice, errorsOf, idParam, useFormResetAfterRedirect } from "./content-forms.tsx";
import { FormField, FormToken } from "./form-field.tsx";

export type TermKind = "amenity" | "category";

interface TermKindText {
  title: string;
  one: string;
  path: string;
  /** What the list's introduction says. */
  intro: string;
}

export const termKinds: Record<TermKind, TermKindText> = {
  amenity: {
    title: "Amenities",
    one: "amenity",
    path: "/admin/amenities",
    intro:
      "Listings' features are chosen from these; a property page lists its listing's features with their icons.",
  },
  category: {
    title: "Categories",
    one: "category",
    path: "/admin/categories",
    intro:
      "Each listing is in one category; the property pages' sidebar lists the categories with their published listings' counts.",
  },
};

function service(content: AdminContentService, kind: TermKind) {
  return kind === "amenity"
    ? {
        list: content.amenities,
        add: content.addAmenity,
        rename: content.renameAmenity,
        remove: content.removeAmenity,
      }
    : {
        list: content.categories,
        add: content.addCategory,
        rename: content.renameCategory,
        remove: content.removeCategory,
      };
}

const doneTexts: Record<string, string> = {
  added: "is added.",
  renamed: "is renamed: the public site shows the new name now.",
  removed: "is removed.",
};

/** "12 listings", "1 listing". */
function listingsText(count: number): string {
  return count === 1 ? "1 listing" : `${count} listings`;
}

/** The notice after a category was removed and its listings moved (`done=moved`). */
function movedText(params: URLSearchParams, title: string, terms: readonly AdminTerm[]): string {
  const listings = params.get("listings") ?? "";
  const count = /^\d{1,9}$/.test(listings) ? Number(listings) : 0;
  const one = count === 1;
  const to = moveTargetOf(params.get("to") ?? "");
  const target = terms.find((term) => term.id === to);
  const where =
    to === null
      ? `${one ? "has" : "have"} no category now`
      : target
        ? `${one ? "is" : "are"} in “${target.title}” now`
        : `${one ? "is" : "are"} moved`;
  return `“${title}” is removed; its ${listingsText(count)} ${where}, on the public site too.`;
}

function doneTextOf(params: URLSearchParams, terms: readonly AdminTerm[]): string | null {
  const done = params.get("done");
  const title = params.get("title") ?? "";
  if (done === null || !title) return null;
  if (done === "moved") return movedText(params, title, terms);
  return done in doneTexts ? `“${title}” ${doneTexts[done]}` : null;
}

/**
 * The steps of removing a category that listings are in: choosing where they move (with what
 * is wrong with a choice made), then confirming the move to a category, or to none (null).
 */
type MoveStep =
  | { step: "choose"; problem: string | null }
  | { step: "confirm"; to: { id: number; title: string } | null };

/** The step the address asks for: `to` absent, refused or chosen. */
function moveStepOf(terms: readonly AdminTerm[], removing: AdminTerm, to: string | null): MoveStep {
  if (to === null) return { step: "choose", problem: null };
  const target = moveTargetOf(to);
  if (target === null) return { step: "confirm", to: null };
  if (target === removing.id) return { step: "choose", problem: categoryMoveProblems.itself };
  const found = terms.find((term) => term.id === target);
  if (found === undefined) return { step: "choose", problem: categoryMoveProblems.gone };
  return { step: "confirm", to: { id: found.id, title: found.title } };
}

export async function loadTerms(
  content: AdminContentService,
  session: StaffSession,
  kind: TermKind,
  url: string,
) {
  const terms = await service(content, kind).list(session);
  const params = new URL(url).searchParams;
  const remove = params.get("remove");
  return {
    kind,
    terms,
    csrfToken: session.csrfToken,
    done: doneTextOf(params, terms),
    removing: terms.find((term) => String(term.id) === remove) ?? null,
    /** A category removal's chosen `to`, when the address has one. */
    moveTo: params.get("to"),
  };
}

/** Why a category's removal was refused; `to` is the choice it was posted with, if any. */
export interface RefusedRemoval {
  /** `in-use`: listings were put in it; `stale`: their number changed; `target`: `to` is refused. */
  reason: "in-use" | "stale" | "target";
  to: string | null;
}

/**
 * What a refused add, rename or removal answers: the row (null: the add form), the values, the
 * issues; for a refused category removal, why, so its step is shown again.
 */
export interface TermAnswer {
  id: number | null;
  values: TermFormValues;
  issues: ContentFieldIssue[];
  removal?: RefusedRemoval;
}

/**
 * A refused removal shows the current listings and categories, so the page's data is loaded
 * again after it (React Router skips that after an error status by default).
 */
export function termShouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return (actionResult as TermAnswer | undefined)?.removal !== undefined || defaultShouldRevalidate;
}

export async function termAction(
  content: AdminContentService,
  session: StaffSession,
  kind: TermKind,
  request: Request,
) {
  const form = await request.formData();
  const intent = textOf(form, "intent");
  const values: TermFormValues =
    kind === "amenity"
      ? { title: textOf(form, "title"), icon: textOf(form, "icon") }
      : { title: textOf(form, "title") };
  const methods = service(content, kind);
  const { path } = termKinds[kind];
  const doneAt = (done: string, title: string, more: Record<string, string> = {}) =>
    `${path}?${new URLSearchParams({ done, title, ...more })}`;
  const refused = (id: number, removal: RefusedRemoval) =>
    data<TermAnswer>({ id, values, issues: [], removal }, { status: 409 });
  if (intent === "add") {
    const saved = await methods.add(session, values);
    if (saved.ok) throw redirect(doneAt("added", values.title.trim()));
    return data<TermAnswer>(
      { id: null, values, issues: saved.reason === "invalid" ? saved.issues : [] },
      { status: 400 },
    );
  }
  const id = idParam(textOf(form, "id"), kind);
  if (intent === "rename") {
    const saved = await methods.rename(session, id, values);
    if (saved.ok) throw redirect(doneAt("renamed", values.title.trim()));
    if (saved.reason === "missing") throw redirect(path);
    return data<TermAnswer>(
      { id, values, issues: saved.reason === "invalid" ? saved.issues : [] },
      { status: 400 },
    );
  }
  if (intent === "remove") {
    const title = textOf(form, "title");
    const to = form.get("to");
    if (kind === "category" && typeof to === "string") {
      // The confirmation's form: the listings move, then the category goes.
      const target = moveTargetOf(to);
      if (target === undefined) return refused(id, { reason: "target", to });
      const shown = textOf(form, "listings");
      const listings = /^\d{1,9}$/.test(shown) ? Number(shown) : -1;
      const saved = await content.removeCategory(session, id, { to: target, listings });
      if (saved.ok) throw redirect(doneAt("moved", title, { listings: String(listings), to }));
      if (saved.reason === "missing") throw redirect(doneAt("removed", title));
      return refused(id, { reason: saved.reason === "conflict" ? "stale" : "target", to });
    }
    const saved = await methods.remove(session, id);
    if (saved.ok || saved.reason === "missing") throw redirect(doneAt("removed", title));
    if (saved.reason === "in-use") return refused(id, { reason: "in-use", to: null });
  }
  throw new Response("Unknown action", { status: 400 });
}

export function TermPage({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loadTerms>>;
  actionData: TermAnswer | undefined;
}) {
  const { kind, terms, csrfToken, done } = loaderData;
  const text = termKinds[kind];
  const addForm = useFormResetAfterRedirect();
  // A refused removal is shown again from its answer: the address is the form's, not the step's.
  const refused = actionData?.removal;
  const removing = refused
    ? (terms.find((term) => term.id === actionData?.id) ?? null)
    : loaderData.removing;
  if (removing) {
    const to = refused ? refused.to : loaderData.moveTo;
    return kind === "category" && removing.listings > 0 ? (
      <CategoryMove
        category={removing}
        others={terms.filter((term) => term.id !== removing.id)}
        step={moveStepOf(terms, removing, to)}
        refused={refused?.reason}
        csrfToken={csrfToken}
      />
    ) : (
      <RemoveConfirmation
        kind={kind}
        term={removing}
        csrfToken={csrfToken}
        stale={refused !== undefined}
      />
    );
  }
  const addErrors = actionData?.id === null ? errorsOf(actionData.issues, termFieldLabels) : {};
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="terms-title">
      <h1 id="terms-title" className="admin-title">
        {text.title}
      </h1>
      {doneNotice(done)}
      <p className="admin-field__hint">{text.intro}</p>
      <h2 className="admin-subtitle">{kind === "amenity" ? "Add an amenity" : "Add a category"}</h2>
      <Form ref={addForm} method="post" className="admin-content__add" noValidate>
        <FormToken token={csrfToken} />
        <FormField
          id={`${kind}-new-title`}
          name="title"
          label={termFieldLabels.title}
          defaultValue={actionData?.id === null ? actionData.values.title : ""}
          error={addErrors.title}
          maxLength={100}
          required
        />
        {kind === "amenity" ? (
          <FormField
            id={`${kind}-new-icon`}
            name="icon"
            label={`${termFieldLabels.icon} (optional)`}
            defaultValue={actionData?.id === null ? (actionData.values.icon ?? "") : ""}
            error={addErrors.icon}
            hint="Such as wifi, parking, pool or gym; made from the title when empty. An unknown name shows a check mark."
            maxLength={40}
          />
        ) : null}
        <div className="admin-actions">
          <button className="admin-button" type="submit" name="intent" value="add">
            {`Add ${text.one}`}
          </button>
        </div>
      </Form>
      <h2 className="admin-subtitle">{`Every ${text.one}`}</h2>
      {terms.length === 0 ? (
        <p className="admin-empty">{`No ${text.title.toLowerCase()} yet.`}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-content__terms">
            <caption className="visually-hidden">{text.title}</caption>
            <thead>
              <tr>
                <th scope="col">{termFieldLabels.title}</th>
                <th scope="col">Listings</th>
                <th scope="col">Rename or remove</th>
              </tr>
            </thead>
            <tbody>
              {terms.map((term) => (
                <TermRow
                  key={term.id}
                  kind={kind}
                  term={term}
                  csrfToken={csrfToken}
                  answer={actionData?.id === term.id ? actionData : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TermRow({
  kind,
  term,
  csrfToken,
  answer,
}: {
  kind: TermKind;
  term: AdminTerm;
  csrfToken: string;
  answer: TermAnswer | undefined;
}) {
  const errors = answer ? errorsOf(answer.issues, termFieldLabels) : {};
  const rowId = `${kind}-${term.id}`;
  return (
    <tr>
      <th scope="row" data-label={termFieldLabels.title}>
        {term.title}
      </th>
      <td data-label="Listings">{term.listings}</td>
      <td data-label="Rename or remove">
        <Form method="post" className="admin-content__rename" noValidate>
          <FormToken token={csrfToken} />
          <input type="hidden" name="id" value={term.id} />
          <FormField
            id={`${rowId}-title`}
            name="title"
            label={`New title for “${term.title}”`}
            defaultValue={answer?.values.title ?? term.title}
            error={errors.title}
            maxLength={100}
            required
          />
          {kind === "amenity" ? (
            <FormField
              id={`${rowId}-icon`}
              name="icon"
              label={`Icon of “${term.title}”`}
              defaultValue={answer?.values.icon ?? term.icon ?? ""}
              error={errors.icon}
              maxLength={40}
            />
          ) : null}
          <div className="admin-row-actions">
            <button
              className="admin-button admin-button--secondary admin-button--small"
              type="submit"
              name="intent"
              value="rename"
            >
              Rename<span className="visually-hidden">{` “${term.title}”`}</span>
            </button>
            <Link
              className="admin-button admin-button--quiet admin-button--small"
              to={`${termKinds[kind].path}?remove=${term.id}`}
            >
              Remove<span className="visually-hidden">{` “${term.title}”`}</span>
            </Link>
          </div>
        </Form>
      </td>
    </tr>
  );
}

/** Said above a removal's step shown again after a refusal. */
const refusalTexts: Record<RefusedRemoval["reason"], string> = {
  "in-use":
    "Nothing has changed yet: listings were put in this category since the page was shown. Choose where they move, or keep it.",
  stale:
    "Nothing has changed yet: the number of listings in this category changed since the page was shown. Check it below and confirm again.",
  target: "Nothing has changed yet.",
};

function RefusalNotice({ reason }: { reason: RefusedRemoval["reason"] | undefined }) {
  if (reason === undefined) return null;
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>{refusalTexts[reason]}</p>
    </div>
  );
}

/** Removing an amenity, or a category no listing is in. */
function RemoveConfirmation({
  kind,
  term,
  csrfToken,
  stale,
}: {
  kind: TermKind;
  term: AdminTerm;
  csrfToken: string;
  /** Shown again after a removal was refused: its listings changed meanwhile. */
  stale: boolean;
}) {
  const text = termKinds[kind];
  const many = term.listings === 1 ? "1 listing has" : `${term.listings} listings have`;
  return (
    <section className="admin-panel" aria-labelledby="term-remove-title">
      <h1 id="term-remove-title" className="admin-title">
        {`Remove “${term.title}”?`}
      </h1>
      <RefusalNotice reason={stale ? "stale" : undefined} />
      {kind === "amenity" ? (
        <p>
          {term.listings === 0
            ? "No listing has this amenity. It is removed for good."
            : `${many} this amenity: it is taken off ${term.listings === 1 ? "it" : "them"}, and their pages stop listing it at once. This cannot be undone.`}
        </p>
      ) : (
        <p>No listing is in this category. It is removed for good.</p>
      )}
      <div className="admin-actions">
        <Form method="post" action={text.path}>
          <FormToken token={csrfToken} />
          <input type="hidden" name="id" value={term.id} />
          <input type="hidden" name="title" value={term.title} />
          <button
            className="admin-button admin-button--danger"
            type="submit"
            name="intent"
            value="remove"
          >
            {`Remove ${text.one}`}
          </button>
        </Form>
        <Link className="admin-button admin-button--secondary" to={text.path}>
          Keep it
        </Link>
      </div>
    </section>
  );
}

/**
 * Removing a category listings are in, in two steps: where they move (a GET form, so the
 * choice is an address and needs no JavaScript), then a confirmation naming how many move and
 * where, whose form moves them and removes the category in one transaction.
 */
function CategoryMove({
  category,
  others,
  step,
  refused,
  csrfToken,
}: {
  category: AdminTerm;
  /** Every other category: where the listings may go. */
  others: readonly AdminTerm[];
  step: MoveStep;
  refused: RefusedRemoval["reason"] | undefined;
  csrfToken: string;
}) {
  const { path } = termKinds.category;
  const count = listingsText(category.listings);
  const one = category.listings === 1;
  if (step.step === "choose") {
    return (
      <section className="admin-panel" aria-labelledby="term-remove-title">
        <h1 id="term-remove-title" className="admin-title">
          {`Remove “${category.title}”?`}
        </h1>
        <RefusalNotice reason={refused} />
        <p>
          {`${count} ${one ? "is" : "are"} in this category. Choose where ${one ? "it moves" : "they move"}: the next step says what will change before anything does.`}
        </p>
        <CategoryChoice category={category} others={others} problem={step.problem} />
        <p className="admin-field__hint admin-content__move-hint">
          {`To keep ${one ? "it" : "them"} together under another name, rename the category instead.`}
        </p>
      </section>
    );
  }
  const where = step.to === null ? null : `“${step.to.title}”`;
  return (
    <section className="admin-panel" aria-labelledby="term-remove-title">
      <h1 id="term-remove-title" className="admin-title">
        {where === null
          ? `Remove “${category.title}” and leave its ${count} without a category?`
          : `Move ${count} to ${where} and remove “${category.title}”?`}
      </h1>
      <RefusalNotice reason={refused} />
      <p>
        {where === null
          ? `The ${count} in “${category.title}” ${one ? "is" : "are"} left without a category, and “${category.title}” is removed, in one step. The public site shows ${one ? "it" : "them"} without a category at once. This cannot be undone.`
          : `The ${count} in “${category.title}” ${one ? "moves" : "move"} to ${where}, and “${category.title}” is removed, in one step. The public site shows ${one ? "it" : "them"} in ${where} at once. This cannot be undone.`}
      </p>
      <div className="admin-actions">
        <Form method="post" action={path}>
          <FormToken token={csrfToken} />
          <input type="hidden" name="id" value={category.id} />
          <input type="hidden" name="title" value={category.title} />
          <input type="hidden" name="to" value={step.to === null ? noCategory : step.to.id} />
          <input type="hidden" name="listings" value={category.listings} />
          <button
            className="admin-button admin-button--danger"
            type="submit"
            name="intent"
            value="remove"
          >
            {where === null ? `Remove and leave ${count} without one` : `Move ${count} and remove`}
          </button>
        </Form>
        <Link className="admin-button admin-button--secondary" to={`${path}?remove=${category.id}`}>
          Choose another category
        </Link>
        <Link className="admin-button admin-button--secondary" to={path}>
          Keep it
        </Link>
      </div>
    </section>
  );
}

/** The first step's GET form: the other categories, then none. */
function CategoryChoice({
  category,
  others,
  problem,
}: {
  category: AdminTerm;
  others: readonly AdminTerm[];
  problem: string | null;
}) {
  const { path } = termKinds.category;
  const id = "category-move-to";
  return (
    <Form method="get" action={path} className="admin-form admin-content__move">
      <input type="hidden" name="remove" value={category.id} />
      <div className={`admin-field${problem ? " admin-field--invalid" : ""}`}>
        <label className="admin-field__label" htmlFor={id}>
          Move its listings to
        </label>
        <select
          className="admin-field__input"
          id={id}
          name="to"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        >
          {others.map((term) => (
            <option key={term.id} value={term.id}>
              {term.title}
            </option>
          ))}
          <option value={noCategory}>No category</option>
        </select>
        {problem ? (
          <p className="admin-field__error" id={`${id}-error`}>
            {problem}
          </p>
        ) : null}
      </div>
      <div className="admin-actions">
        <button className="admin-button" type="submit">
          Continue
        </button>
        <Link className="admin-button admin-button--secondary" to={path}>
          Keep it
        </Link>
      </div>
    </Form>
  );
}
