/**
 * The amenities' and the categories' pages (decision 057): one list each, by title, with how
 * many listings use each; a form to add one; each renamed in its row; each removed after a
 * confirmation that says what happens to the listings using it (an amenity is taken off them;
 * a category in use cannot be removed).
 */
import { data, Form, Link, redirect } from "react-router";
import type { AdminContentService, StaffSession } from "#app-context";
import type { AdminTerm, ContentFieldIssue, TermFormValues } from "../../lib/admin-content.ts";
import { termFieldLabels, textOf } from "../../lib/admin-content.ts";
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

export async function loadTerms(
  content: AdminContentService,
  session: StaffSession,
  kind: TermKind,
  url: string,
) {
  const terms = await service(content, kind).list(session);
  const params = new URL(url).searchParams;
  const done = params.get("done");
  const title = params.get("title") ?? "";
  const remove = params.get("remove");
  return {
    kind,
    terms,
    csrfToken: session.csrfToken,
    done: done !== null && done in doneTexts && title ? `“${title}” ${doneTexts[done]}` : null,
    removing: terms.find((term) => String(term.id) === remove) ?? null,
  };
}

/** What a refused add or rename answers: the row (null: the add form), the values, the issues. */
export interface TermAnswer {
  id: number | null;
  values: TermFormValues;
  issues: ContentFieldIssue[];
  inUse?: number;
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
  const doneAt = (done: string, title: string) => `${path}?${new URLSearchParams({ done, title })}`;
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
    const saved = await methods.remove(session, id);
    if (saved.ok || saved.reason === "missing") throw redirect(doneAt("removed", title));
    if (saved.reason === "in-use") {
      return data<TermAnswer>({ id, values, issues: [], inUse: saved.listings }, { status: 409 });
    }
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
  const { kind, terms, csrfToken, done, removing } = loaderData;
  const text = termKinds[kind];
  const addForm = useFormResetAfterRedirect();
  if (actionData?.inUse !== undefined) {
    const term = terms.find((found) => found.id === actionData.id);
    return (
      <section className="admin-panel" aria-labelledby="term-in-use-title">
        <h1 id="term-in-use-title" className="admin-title">
          {`“${term?.title ?? actionData.values.title}” is not removed`}
        </h1>
        <div className="admin-notice admin-notice--error" role="alert">
          <p>
            {`${actionData.inUse === 1 ? "1 listing is" : `${actionData.inUse} listings are`} in this category. Move ${actionData.inUse === 1 ? "it" : "them"} to another category in the listing editor first, or rename this category instead.`}
          </p>
        </div>
        <p>
          <Link to={text.path}>Back to the categories</Link>
        </p>
      </section>
    );
  }
  if (removing) return <RemoveConfirmation kind={kind} term={removing} csrfToken={csrfToken} />;
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

function RemoveConfirmation({
  kind,
  term,
  csrfToken,
}: {
  kind: TermKind;
  term: AdminTerm;
  csrfToken: string;
}) {
  const text = termKinds[kind];
  const many = term.listings === 1 ? "1 listing has" : `${term.listings} listings have`;
  const blocked = kind === "category" && term.listings > 0;
  return (
    <section className="admin-panel" aria-labelledby="term-remove-title">
      <h1 id="term-remove-title" className="admin-title">
        {blocked ? `“${term.title}” cannot be removed yet` : `Remove “${term.title}”?`}
      </h1>
      {kind === "amenity" ? (
        <p>
          {term.listings === 0
            ? "No listing has this amenity. It is removed for good."
            : `${many} this amenity: it is taken off ${term.listings === 1 ? "it" : "them"}, and their pages stop listing it at once. This cannot be undone.`}
        </p>
      ) : blocked ? (
        <p>
          {`${term.listings === 1 ? "1 listing is" : `${term.listings} listings are`} in this category. Move ${term.listings === 1 ? "it" : "them"} to another category in the listing editor first, or rename this category instead.`}
        </p>
      ) : (
        <p>No listing is in this category. It is removed for good.</p>
      )}
      <div className="admin-actions">
        {blocked ? null : (
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
        )}
        <Link className="admin-button admin-button--secondary" to={text.path}>
          {blocked ? "Back" : "Keep it"}
        </Link>
      </div>
    </section>
  );
}
