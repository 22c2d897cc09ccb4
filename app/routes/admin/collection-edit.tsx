/**
 * Changing one featured collection (decision 057): its listings in order, each moved up or
 * down or taken out by a button, and listings added from a search (the listing editor's,
 * GET /admin/listings/related). Without JavaScript each button posts the form, which answers
 * it again rearranged and not yet saved (as the editor's "Find" does); with JavaScript the
 * same buttons work in place and keep the focus. "Save" saves the order, over the version the
 * page was opened at only.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { adminContentContext, adminListingsContext } from "#app-context";
import {
  type CollectionItem,
  type ContentFieldIssue,
  collectionPlaces,
  maxCollectionItems,
  textOf,
} from "../../../lib/admin-content.ts";
import type { ListingChoice } from "../../../lib/admin-listing-form.ts";
import { type CollectionName, collectionNames } from "../../../lib/collection-names.ts";
import {
  ConflictNotice,
  collectionPath,
  errorsOf,
  ProblemSummary,
} from "../../admin/content-forms.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/collection-edit";

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(`Change ${nameOf(params.number) ?? "a collection"}`);

function nameOf(number: string | undefined): CollectionName | undefined {
  return /^[1-9]$/.test(number ?? "") ? collectionNames[Number(number) - 1] : undefined;
}

function requireName(number: string | undefined): CollectionName {
  const name = nameOf(number);
  if (!name) throw data({ message: "There is no such collection." }, { status: 404 });
  return name;
}

const labels = { items: "The list" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const name = requireName(params.number);
  const collections = await context.get(adminContentContext).collections(session);
  const collection = collections.find((found) => found.name === name);
  if (!collection) throw data({ message: "There is no such collection." }, { status: 404 });
  return { collection, csrfToken: session.csrfToken };
}

interface Answer {
  items: CollectionItem[];
  issues: ContentFieldIssue[];
  opened: string;
  query: string;
  found: ListingChoice[] | null;
  conflict: string | null;
  /** The item whose button was pressed, and which, for the focus. */
  focus: string | null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const name = requireName(params.number);
  const content = context.get(adminContentContext);
  const listings = context.get(adminListingsContext);
  const form = await request.formData();
  let codes = form.getAll("code").filter((code): code is string => typeof code === "string");
  const opened = textOf(form, "version");
  const query = textOf(form, "q").trim().slice(0, 200);
  const intent = textOf(form, "intent");
  const over = form.get("over");
  const [verb = "", ...rest] = intent.split(":");
  const subject = rest.join(":");
  const answer = async (extra: Partial<Answer> = {}): Promise<Answer> => ({
    items: await content.collectionItems(session, codes),
    issues: [],
    opened,
    query,
    found: null,
    conflict: null,
    focus: null,
    ...extra,
  });
  if (typeof over !== "string" && verb !== "save") {
    const at = codes.indexOf(subject);
    if (verb === "up" && at > 0) codes.splice(at - 1, 0, ...codes.splice(at, 1));
    else if (verb === "down" && at >= 0 && at < codes.length - 1) {
      codes.splice(at + 1, 0, ...codes.splice(at, 1));
    } else if (verb === "remove") codes = codes.filter((code) => code !== subject);
    else if (verb === "add" && subject && !codes.includes(subject)) codes.push(subject);
    const found = query ? await listings.search(session, query) : null;
    return data(await answer({ found, focus: intent }), { status: 200 });
  }
  const saved = await content.saveCollection(
    session,
    name,
    typeof over === "string" ? over : opened,
    codes,
  );
  if (saved.ok) throw redirect(`${adminPaths.collections}?saved=${encodeURIComponent(name)}`);
  if (saved.reason === "conflict") {
    const current = (await content.collections(session)).find((found) => found.name === name);
    return data(await answer({ conflict: current?.version ?? "" }), { status: 409 });
  }
  return data(await answer({ issues: saved.reason === "invalid" ? saved.issues : [] }), {
    status: 400,
  });
}

export default function CollectionEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, csrfToken } = loaderData;
  return (
    <section className="admin-panel" aria-labelledby="collection-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.collections}>Featured collections</Link>
      </p>
      <h1 id="collection-title" className="admin-title">
        {`Change “${collection.name}”`}
      </h1>
      <p className="admin-field__hint">{collectionPlaces[collection.name]} on the home page.</p>
      <CollectionForm
        key={`${collection.version}-${actionData?.conflict ?? ""}-${actionData?.focus ?? ""}`}
        name={collection.name}
        items={actionData?.items ?? collection.items}
        version={actionData?.opened ?? collection.version}
        issues={actionData?.issues ?? []}
        query={actionData?.query ?? ""}
        found={actionData?.found ?? null}
        conflict={actionData?.conflict ?? null}
        focus={actionData?.focus ?? null}
        csrfToken={csrfToken}
      />
    </section>
  );
}

const buttonId = (intent: string) => `collection-${intent.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function CollectionForm(props: {
  name: CollectionName;
  items: CollectionItem[];
  version: string;
  issues: ContentFieldIssue[];
  query: string;
  found: ListingChoice[] | null;
  conflict: string | null;
  focus: string | null;
  csrfToken: string;
}) {
  const [items, setItems] = useState(props.items);
  const [focus, setFocus] = useState(props.focus ? { intent: props.focus, n: 0 } : null);
  const [status, setStatus] = useState("");
  const fetcher = useFetcher<{ found: ListingChoice[] }>();
  const queryBox = useRef<HTMLInputElement>(null);
  const found = fetcher.data?.found ?? props.found;
  const chosen = new Set(items.map((item) => item.code));
  const offered = (found ?? []).filter((choice) => !chosen.has(choice.code));
  const errors = errorsOf(props.issues, labels);

  // The focus follows the item whose button was pressed (or the next sensible control).
  useEffect(() => {
    if (!focus) return;
    const { intent } = focus;
    const verb = intent.slice(0, intent.indexOf(":"));
    const code = intent.slice(intent.indexOf(":") + 1);
    const candidates =
      verb === "up" || verb === "down" ? [intent, `${verb === "up" ? "down" : "up"}:${code}`] : [];
    const target =
      candidates.map((intent) => document.getElementById(buttonId(intent))).find(Boolean) ??
      (verb === "add" || intent === "find"
        ? queryBox.current
        : document.getElementById("collection-items-title"));
    target?.focus();
  }, [focus]);

  const press = (event: React.MouseEvent<HTMLButtonElement>, intent: string) => {
    event.preventDefault();
    const [verb = "", ...rest] = intent.split(":");
    const code = rest.join(":");
    const at = items.findIndex((item) => item.code === code);
    const next = [...items];
    const item = items[at];
    if (verb === "up" && item && at > 0) {
      next.splice(at, 1);
      next.splice(at - 1, 0, item);
      setStatus(`${code} moved up to place ${at}.`);
    } else if (verb === "down" && item && at < items.length - 1) {
      next.splice(at, 1);
      next.splice(at + 1, 0, item);
      setStatus(`${code} moved down to place ${at + 2}.`);
    } else if (verb === "remove" && item) {
      next.splice(at, 1);
      setStatus(`${code} taken out of the list.`);
    } else if (verb === "add" && at === -1) {
      const choice = (found ?? []).find((listing) => listing.code === code);
      next.push({ code, headline: choice?.headline ?? "", published: true });
      setStatus(`${code} added at place ${next.length}.`);
    }
    setItems(next);
    // A new value each time, so pressing the same button twice moves the focus again.
    setFocus((last) => ({ intent, n: (last?.n ?? 0) + 1 }));
  };

  const search = () => {
    const words = queryBox.current?.value.trim() ?? "";
    if (words) fetcher.load(`${adminPaths.listings}/related?${new URLSearchParams({ q: words })}`);
  };

  return (
    <>
      <ProblemSummary issues={props.issues} labels={labels} idOf={() => "collection-items-title"} />
      <Form method="post" className="admin-editor" noValidate>
        <FormToken token={props.csrfToken} />
        {/* First in the form: Enter in the search box finds (not an item's button, not save). */}
        <button type="submit" name="intent" value="find" hidden tabIndex={-1}>
          Find
        </button>
        <input type="hidden" name="version" value={props.version} />
        {items.map((item) => (
          <input key={item.code} type="hidden" name="code" value={item.code} />
        ))}
        {props.conflict !== null ? (
          <ConflictNotice
            what="this collection"
            currentHref={collectionPath(props.name)}
            version={props.conflict}
          />
        ) : null}
        <fieldset
          className={`admin-editor__group${errors.items ? " admin-field--invalid" : ""}`}
          aria-describedby={errors.items ? "collection-items-error" : undefined}
        >
          <legend className="admin-editor__legend" id="collection-items-title" tabIndex={-1}>
            {`Listings, in the order shown (${items.length} of at most ${maxCollectionItems})`}
          </legend>
          {items.length === 0 ? (
            <p className="admin-field__hint">None yet: find listings below to add them.</p>
          ) : (
            <ol className="admin-content__list">
              {items.map((item, index) => {
                const label = item.headline ? `${item.code} — ${item.headline}` : item.code;
                return (
                  <li key={item.code} className="admin-content__item admin-content__item--compact">
                    <div className="admin-content__text">
                      <p className="admin-content__title">{label}</p>
                      {!item.headline ? (
                        <p className="admin-field__error">No listing has this code any more.</p>
                      ) : !item.published ? (
                        <p className="admin-content__meta">Not published: hidden until it is.</p>
                      ) : null}
                    </div>
                    <div className="admin-row-actions">
                      {index > 0 ? (
                        <ItemButton intent={`up:${item.code}`} code={item.code} press={press}>
                          Move up
                        </ItemButton>
                      ) : null}
                      {index < items.length - 1 ? (
                        <ItemButton intent={`down:${item.code}`} code={item.code} press={press}>
                          Move down
                        </ItemButton>
                      ) : null}
                      <ItemButton intent={`remove:${item.code}`} code={item.code} press={press}>
                        Take out
                      </ItemButton>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          {errors.items ? (
            <p className="admin-field__error" id="collection-items-error">
              {errors.items}
            </p>
          ) : null}
          <p className="visually-hidden" role="status">
            {status}
          </p>
        </fieldset>
        <fieldset className="admin-editor__group">
          <legend className="admin-editor__legend">Add listings</legend>
          <div className="admin-editor__search">
            <div className="admin-field">
              <label className="admin-field__label" htmlFor="collection-q">
                Find a listing by code or headline
              </label>
              <input
                ref={queryBox}
                className="admin-field__input"
                id="collection-q"
                name="q"
                type="search"
                autoComplete="off"
                defaultValue={props.query}
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
                <ul className="admin-content__list" aria-label="Found">
                  {offered.map((choice) => (
                    <li
                      key={choice.code}
                      className="admin-content__item admin-content__item--compact"
                    >
                      <p className="admin-content__title">{`${choice.code} — ${choice.headline}`}</p>
                      <ItemButton intent={`add:${choice.code}`} code={choice.code} press={press}>
                        Add
                      </ItemButton>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </fieldset>
        <div className="admin-actions admin-editor__actions">
          <button className="admin-button" type="submit" name="intent" value="save">
            Save the collection
          </button>
          <Link className="admin-button admin-button--secondary" to={adminPaths.collections}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

function ItemButton({
  intent,
  code,
  press,
  children,
}: {
  intent: string;
  code: string;
  press: (event: React.MouseEvent<HTMLButtonElement>, intent: string) => void;
  children: string;
}) {
  return (
    <button
      className="admin-button admin-button--quiet admin-button--small"
      id={buttonId(intent)}
      type="submit"
      name="intent"
      value={intent}
      onClick={(event) => press(event, intent)}
    >
      {children}
      <span className="visually-hidden">{` ${code}`}</span>
    </button>
  );
}
