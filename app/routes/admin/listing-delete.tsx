/**
 * Deleting a listing asks first (decision 041): this page names the listing and its form, posted
 * here with the form token, deletes it for good. Archiving is the way to hide one and keep it.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminListingsContext } from "#app-context";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-delete";

export const meta: Route.MetaFunction = () => adminMeta("Delete a listing");

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const listing = await context.get(adminListingsContext).find(session, params.code);
  if (!listing) throw data({ message: "There is no listing with this code." }, { status: 404 });
  return { listing, csrfToken: session.csrfToken };
}

export async function action({ params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const outcome = await context.get(adminListingsContext).change(session, params.code, "delete");
  const search = new URLSearchParams(
    outcome === "missing" ? { missing: params.code } : { done: "delete", code: params.code },
  );
  throw redirect(`${adminPaths.listings}?${search}`);
}

export default function ListingDelete({ loaderData }: Route.ComponentProps) {
  const { listing, csrfToken } = loaderData;
  return (
    <section className="admin-panel" aria-labelledby="delete-title">
      <h1 id="delete-title" className="admin-title">
        {`Delete ${listing.code}?`}
      </h1>
      <p>
        “{listing.headline}” in {listing.city} will be deleted for good and cannot be brought back,
        with the photos and floor plans uploaded for it that no other listing uses. To hide it from
        the public site and keep it, archive it instead.
      </p>
      <div className="admin-actions">
        <Form method="post">
          <FormToken token={csrfToken} />
          <button className="admin-button admin-button--danger" type="submit">
            Delete for good
          </button>
        </Form>
        <Link className="admin-button admin-button--secondary" to={adminPaths.listings}>
          Keep it
        </Link>
      </div>
    </section>
  );
}
