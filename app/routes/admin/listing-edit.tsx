/**
 * Editing a listing (decision 044). The form carries the revision and the base it was opened
 * at; a save over a listing someone changed since is merged with their changes, and where both
 * changed a field the form comes back with the values kept, both versions of each such field
 * and a choice for each (decision 044's addendum). A live link opens the public page.
 */
import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import { adminListingsContext } from "#app-context";
import { mergeChoicesOf } from "../../../lib/admin-listing-merge.ts";
import { listingApplicantsPath } from "../../../lib/applicant-admin.ts";
import { formatDate } from "../../../lib/format.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { settleListingDraft } from "../../admin/listing-draft.ts";
import { editPath, readEditorPost } from "../../admin/listing-editing.ts";
import { ListingForm } from "../../admin/listing-form.tsx";
import { MergeConflictNotice, MergedNotice } from "../../admin/listing-merge-notice.tsx";
import { photosPath } from "../../admin/photo-files.ts";
import { adminMeta, adminPaths, figuresPath, staffSessionContext } from "../../admin/staff.ts";
import { UnavailableNotice } from "../../admin/unavailable-notice.tsx";
import { listingPagePath } from "../../listing-preview-path.ts";
import type { Route } from "./+types/listing-edit";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Edit ${params.code}`);

const notices: Record<string, string> = {
  created: "is created.",
  saved: "is saved: the public site shows the changes now.",
  merged: "is saved: the public site shows the changes now.",
  duplicated: "is a new unpublished copy. Change what differs, then save.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const listings = context.get(adminListingsContext);
  const listing = await listings.open(session, params.code);
  if (!listing) throw data({ message: "There is no listing with this code." }, { status: 404 });
  const [options, chosen] = await Promise.all([
    listings.formOptions(session),
    listings.choices(session, listing.values.related),
  ]);
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  return {
    listing,
    options,
    chosen,
    canGeocode: listings.canGeocode(session),
    csrfToken: session.csrfToken,
    done: done !== null && done in notices ? done : null,
    renamedFrom: done === "saved" || done === "merged" ? search.get("renamed") : null,
    merged: done === "merged" ? await listings.lastMerge(session, params.code) : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const listings = context.get(adminListingsContext);
  const post = await readEditorPost(request, listings, session);
  const revision = Number(post.form.get("revision"));
  const postedBase = post.form.get("base");
  const base = typeof postedBase === "string" ? postedBase : "";
  if (post.intent === "find") return data(await post.answer({ revision, base }), { status: 200 });
  if (!Number.isInteger(revision)) throw new Response("Bad revision", { status: 400 });
  // Saved since it was opened: merged with colleagues' changes, asked where both changed a field.
  const attempt = await post.unlessUnavailable(
    () =>
      listings.save(session, params.code, revision, post.values, {
        base,
        choices: mergeChoicesOf(post.form),
      }),
    { revision, base },
  );
  if ("unavailable" in attempt) return data(attempt.unavailable, { status: 503 });
  const { saved } = attempt;
  if (saved.ok) {
    // Renamed: the page under the new code settles the draft kept under the old one.
    const notice: Record<string, string> = { done: saved.merged ? "merged" : "saved" };
    if (saved.code !== params.code) notice.renamed = params.code;
    throw redirect(editPath(saved.code, notice));
  }
  if (saved.reason === "missing") {
    throw data({ message: "There is no listing with this code: it was deleted." }, { status: 404 });
  }
  if (saved.reason === "conflict") {
    const { values, ...conflict } = saved;
    // Still over the revision and base it was opened at: the next save merges again.
    return data(await post.answer({ revision, base, values, conflict }), { status: 409 });
  }
  return data(await post.answer({ issues: saved.issues, revision }), { status: 400 });
}

export default function ListingEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, options, chosen, csrfToken, done, merged, canGeocode, renamedFrom } = loaderData;
  const code = listing.values.code;
  const answer = actionData;
  // Not published: the preview, since the public address sends visitors home (decision 070).
  const publicPath = listingPagePath({
    code,
    slug: listing.slug,
    published: listing.status === "published",
  });
  const revision = answer?.revision ?? listing.revision;
  // The new-listing form's draft was posted by the save that made this listing.
  useEffect(() => {
    if (done === "created") settleListingDraft(null);
    if (renamedFrom) settleListingDraft(renamedFrom);
  }, [done, renamedFrom]);
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="listing-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.listings}>Listings</Link>
      </p>
      <h1 id="listing-title" className="admin-title">
        {`Edit ${code}`}
      </h1>
      {done && !answer ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{`${code} ${notices[done]}`}</p>
          {merged ? <MergedNotice merged={merged} /> : null}
        </div>
      ) : null}
      <div className="admin-editor__head">
        <dl className="admin-editor__facts">
          <div>
            <dt>Status</dt>
            <dd>
              {listing.status === "published"
                ? "Published"
                : listing.status === "archived"
                  ? "Archived"
                  : "Unpublished"}
            </dd>
          </div>
          <div>
            <dt>Created</dt>
            <dd>{formatDate(listing.createdAt)}</dd>
          </div>
          <div>
            <dt>Last changed here</dt>
            <dd>{listing.updatedAt ? formatDate(listing.updatedAt) : "Never"}</dd>
          </div>
          <div>
            <dt>Photos</dt>
            <dd>
              {listing.images.length === 0 ? "None" : listing.images.length}{" "}
              <Link to={photosPath(code)}>Manage photos</Link>
            </dd>
          </div>
        </dl>
        <div className="admin-actions">
          <a
            className="admin-button admin-button--secondary"
            href={publicPath}
            target="_blank"
            rel="noopener"
          >
            {listing.status === "published" ? "View on the site" : "Public page (not live)"}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <Link className="admin-button admin-button--secondary" to={figuresPath(code)}>
            Figures
          </Link>
          <Link className="admin-button admin-button--secondary" to={listingApplicantsPath(code)}>
            Applicants
          </Link>
          <Form
            method="post"
            action={`${adminPaths.listings}/${encodeURIComponent(code)}/duplicate`}
          >
            <FormToken token={csrfToken} />
            <button className="admin-button admin-button--quiet" type="submit">
              Duplicate
            </button>
          </Form>
        </div>
      </div>
      {listing.status !== "published" ? (
        <p className="admin-field__hint">
          The public page shows this listing only while it is published.
        </p>
      ) : null}
      <ListingForm
        // A new form after each save or conflict, so its fields show what the answer holds.
        key={`${listing.revision}-${answer?.conflict?.revision ?? ""}`}
        mode="edit"
        code={code}
        values={answer?.values ?? listing.values}
        issues={answer?.issues ?? []}
        options={options}
        chosen={answer?.chosen ?? chosen}
        related={answer?.related ?? { query: "", found: null }}
        csrfToken={csrfToken}
        revision={revision}
        base={answer?.base ?? listing.base}
        answered={answer !== undefined}
        archived={listing.status === "archived"}
        canGeocode={canGeocode}
        portals={listing.portals}
        justSaved={!answer && (done === "saved" || done === "merged" || done === "created")}
        notice={
          answer?.unavailable ? (
            <UnavailableNotice message={answer.unavailable} />
          ) : answer?.conflict ? (
            <MergeConflictNotice code={code} conflict={answer.conflict} />
          ) : null
        }
      />
    </section>
  );
}
