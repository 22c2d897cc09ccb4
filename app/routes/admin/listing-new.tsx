/**
 * A new listing (decision 044): the editor's empty form; a good post adds the listing and
 * opens it in the editor, a refused one shows the form again as typed, with its problems.
 */
import { data, Link, redirect } from "react-router";
import { adminListingsContext } from "#app-context";
import { emptyListingValues } from "../../../lib/admin-listing-form.ts";
import { editPath, readEditorPost } from "../../admin/listing-editing.ts";
import { ListingForm } from "../../admin/listing-form.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import { UnavailableNotice } from "../../admin/unavailable-notice.tsx";
import type { Route } from "./+types/listing-new";

export const meta: Route.MetaFunction = () => adminMeta("New listing");

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const listings = context.get(adminListingsContext);
  const [options, proposedCode] = await Promise.all([
    listings.formOptions(session),
    listings.proposedCode(session),
  ]);
  return {
    options,
    proposedCode,
    canGeocode: listings.canGeocode(session),
    csrfToken: session.csrfToken,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const listings = context.get(adminListingsContext);
  const post = await readEditorPost(request, listings, session);
  if (post.intent === "find") return data(await post.answer(), { status: 200 });
  const attempt = await post.unlessUnavailable(() => listings.create(session, post.values));
  if ("unavailable" in attempt) return data(attempt.unavailable, { status: 503 });
  const { saved } = attempt;
  if (saved.ok) throw redirect(editPath(saved.code, { done: "created" }));
  const issues = saved.reason === "invalid" ? saved.issues : [];
  return data(await post.answer({ issues }), { status: 400 });
}

export default function ListingNew({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData;
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="listing-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.listings}>Listings</Link>
      </p>
      <h1 id="listing-title" className="admin-title">
        New listing
      </h1>
      <p>New listings start unpublished unless you tick “Published on the site”.</p>
      <ListingForm
        mode="new"
        values={answer?.values ?? emptyListingValues()}
        issues={answer?.issues ?? []}
        options={loaderData.options}
        chosen={answer?.chosen ?? []}
        related={answer?.related ?? { query: "", found: null }}
        csrfToken={loaderData.csrfToken}
        proposedCode={loaderData.proposedCode}
        canGeocode={loaderData.canGeocode}
        answered={answer !== undefined}
        notice={answer?.unavailable ? <UnavailableNotice message={answer.unavailable} /> : null}
      />
    </section>
  );
}
