/** The home page's three featured collections (decision 057): what each lists, and a link to change it. */
import { Link } from "react-router";
import { adminContentContext } from "#app-context";
import { collectionNames } from "../../../lib/collection-names.ts";
import { collectionPath, doneNotice } from "../../admin/content-forms.tsx";
import { adminMeta, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/collections";

export const meta: Route.MetaFunction = () => adminMeta("Featured collections");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const collections = await context.get(adminContentContext).collections(session);
  const saved = new URL(request.url).searchParams.get("saved");
  const name = collectionNames.find((known) => known === saved);
  return {
    collections,
    done: name ? `“${name}” is saved: the home page shows it now.` : null,
  };
}

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { collections, done } = loaderData;
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="collections-title">
      <h1 id="collections-title" className="admin-title">
        Featured collections
      </h1>
      {doneNotice(done)}
      <p className="admin-field__hint">
        The home page shows three collections of listings. A listing that is not published stays
        hidden until it is.
      </p>
      {collections.map((collection) => (
        <section
          key={collection.name}
          className="admin-content__group"
          aria-labelledby={`collection-${collection.name.replace(/\s+/g, "-")}`}
        >
          <div className="admin-editor__title-row">
            <h2
              id={`collection-${collection.name.replace(/\s+/g, "-")}`}
              className="admin-subtitle"
            >
              {collection.name}
            </h2>
            <Link
              className="admin-button admin-button--secondary"
              to={collectionPath(collection.name)}
            >
              Change<span className="visually-hidden">{` “${collection.name}”`}</span>
            </Link>
          </div>
          <p className="admin-content__meta">{collection.place}</p>
          {collection.items.length === 0 ? (
            <p className="admin-empty">No listings: the home page leaves this block empty.</p>
          ) : (
            <ol className="admin-content__codes">
              {collection.items.map((item) => (
                <li key={item.code}>
                  {item.headline
                    ? `${item.code} — ${item.headline}`
                    : `${item.code} (no such listing)`}
                  {item.headline && !item.published ? (
                    <span className="admin-status admin-status--unpublished">Not published</span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </section>
  );
}
