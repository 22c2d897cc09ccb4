/**
 * A listing's photos (decision 056): upload several at once (a file input and a drop zone,
 * each file's progress shown), order them by dragging or with the move buttons, choose the
 * cover, give each its alt text, remove them. A save made while a colleague saved the photos
 * merges with theirs photo by photo, and asks where both changed one photo's alt text
 * (decision 056's addendum), like the editor's (decision 044). Without JavaScript the same page works as two plain forms: the
 * upload posts the chosen files here, and each move button saves the form with one step.
 * The listing's floor plans are handled alike below the photos (decision 052's addenda).
 */
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { adminPhotosContext, siteRequestContext } from "#app-context";
import {
  floorPlanFields,
  type PhotoUploadAnswer,
  photoFields,
  readFloorPlanArrangement,
  readPhotoArrangement,
} from "../../../lib/admin-photos.ts";
import { readPhotoMergeInput } from "../../../lib/photo-merge.ts";
import { type FloorPlanDraft, FloorPlanManager } from "../../admin/floor-plan-manager.tsx";
import { editPath } from "../../admin/listing-editing.ts";
import { photosPath, postedPhotoFiles } from "../../admin/photo-files.ts";
import { PhotoManager } from "../../admin/photo-manager.tsx";
import {
  type PhotoConflictDraft,
  PhotoConflictNotice,
  PhotosMergedNotice,
} from "../../admin/photo-merge-notice.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import { listingPagePath } from "../../listing-preview-path.ts";
import type { Route } from "./+types/listing-photos";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Photos of ${params.code}`);

const notices: Record<string, string> = {
  saved: "The photos are saved: the public site shows them now.",
  merged: "The photos are saved: the public site shows them now.",
  moved: "The photo is moved and saved.",
  "plans-saved": "The floor plans are saved: the public site shows them now.",
  "plan-moved": "The floor plan is moved and saved.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const { config } = context.get(siteRequestContext);
  const photos = context.get(adminPhotosContext);
  const listing = await photos.open(session, params.code);
  if (!listing) throw data({ message: "There is no listing with this code." }, { status: 404 });
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  return {
    listing,
    csrfToken: session.csrfToken,
    imageBaseUrl: config.imageBaseUrl,
    imageDerivatives: config.imageDerivatives,
    done: done !== null && done in notices ? done : null,
    merged: done === "merged" ? await photos.lastMerge(session, params.code) : null,
    // Which save the notice is about: uploads after it load the same address, the next save not.
    doneAt: search.get("at"),
  };
}

export type PhotoActionAnswer =
  | { kind: "upload"; upload: PhotoUploadAnswer }
  | { kind: "floor-plans"; upload: PhotoUploadAnswer }
  | {
      kind: "conflict";
      revision: number;
      /** With the page's base: the alt texts both changed, and the merge to show again. */
      merge?: PhotoConflictDraft;
    }
  | { kind: "invalid"; message: string }
  | { kind: "floor-plans-refused"; message: string; revision: number; draft: FloorPlanDraft };

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const photos = context.get(adminPhotosContext);
  const form = await request.formData();
  if (form.get("intent") === "upload") {
    const files = await postedPhotoFiles(form);
    const upload: PhotoUploadAnswer =
      files.length === 0
        ? { ok: false, results: [], message: "Choose one or more photos to upload." }
        : await photos.upload(session, params.code, files);
    const refused = !upload.ok || upload.results.some((result) => !result.ok);
    return data<PhotoActionAnswer>({ kind: "upload", upload }, { status: refused ? 400 : 200 });
  }
  if (form.get("intent") === "floor-plans") {
    const files = await postedPhotoFiles(form, photoFields.floorPlans);
    const label = form.get(photoFields.floorPlanLabel);
    const upload: PhotoUploadAnswer =
      files.length === 0
        ? { ok: false, results: [], message: "Choose one or more floor plans to upload." }
        : await photos.uploadFloorPlans(
            session,
            params.code,
            files,
            typeof label === "string" ? label : "",
          );
    const refused = !upload.ok || upload.results.some((result) => !result.ok);
    return data<PhotoActionAnswer>(
      { kind: "floor-plans", upload },
      { status: refused ? 400 : 200 },
    );
  }
  const revision = Number(form.get("revision"));
  if (!Number.isInteger(revision)) throw new Response("Bad revision", { status: 400 });
  if (form.get("intent") === "floor-plans-save") {
    const { plans, removed } = readFloorPlanArrangement(form);
    const saved = await photos.saveFloorPlans(session, params.code, revision, { plans });
    if (saved.ok) {
      const moved = form.get(floorPlanFields.move) !== null;
      throw redirect(doneAddress(params.code, moved ? "plan-moved" : "plans-saved"));
    }
    if (saved.reason === "missing") {
      throw data(
        { message: "There is no listing with this code: it was deleted." },
        { status: 404 },
      );
    }
    // Nothing is lost: what was posted is shown again over the stored plans.
    const message =
      saved.reason === "conflict"
        ? "Someone changed this listing since you opened the page, so the floor plans were not saved. Your changes are kept below over the current plans: check them and save again."
        : saved.message;
    return data<PhotoActionAnswer>(
      {
        kind: "floor-plans-refused",
        message,
        revision: saved.reason === "conflict" ? saved.revision : revision,
        draft: { plans, removed },
      },
      { status: saved.reason === "conflict" ? 409 : 400 },
    );
  }
  const arrangement = readPhotoArrangement(form);
  const merge = readPhotoMergeInput(form, arrangement.removed);
  const saved = await photos.save(session, params.code, revision, arrangement, merge);
  if (saved.ok) {
    const moved = form.get("move") !== null;
    throw redirect(doneAddress(params.code, moved ? "moved" : saved.merged ? "merged" : "saved"));
  }
  if (saved.reason === "missing") {
    throw data({ message: "There is no listing with this code: it was deleted." }, { status: 404 });
  }
  if (saved.reason === "conflict") {
    const { conflicts, draft, savedBy } = saved;
    return data<PhotoActionAnswer>(
      {
        kind: "conflict",
        revision: saved.revision,
        ...(conflicts && draft && merge.base
          ? { merge: { conflicts, draft, savedBy: savedBy ?? [], base: merge.base } }
          : {}),
      },
      { status: 409 },
    );
  }
  return data<PhotoActionAnswer>({ kind: "invalid", message: saved.message }, { status: 400 });
}

/**
 * A refused save shows the stored version, so the page's data is loaded again after it (React
 * Router skips that after an error status by default).
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const kind = (actionResult as PhotoActionAnswer | undefined)?.kind;
  return kind === "conflict" || kind === "floor-plans-refused" || defaultShouldRevalidate;
}

/** The page after a save, with its notice and the moment of the save. */
function doneAddress(code: string, done: keyof typeof notices): string {
  return `${photosPath(code)}?done=${done}&at=${Date.now()}`;
}

export default function ListingPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, csrfToken, imageBaseUrl, imageDerivatives, done, doneAt, merged } = loaderData;
  const answer = actionData as PhotoActionAnswer | undefined;
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="photos-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.listings}>Listings</Link>
        {" / "}
        <Link to={editPath(listing.code)}>{`Edit ${listing.code}`}</Link>
      </p>
      <h1 id="photos-title" className="admin-title">
        {`Photos of ${listing.code}`}
      </h1>
      <p className="admin-photos__headline">{listing.headline}</p>
      {done && !answer ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{notices[done]}</p>
          {merged ? <PhotosMergedNotice merged={merged} /> : null}
        </div>
      ) : null}
      {answer?.kind === "conflict" && answer.merge ? (
        <PhotoConflictNotice merge={answer.merge} />
      ) : answer?.kind === "conflict" ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>
            Someone changed this listing's photos since you opened the page, so nothing was saved.
            The page now shows their version: make your change again and save.
          </p>
        </div>
      ) : null}
      {answer?.kind === "invalid" ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>{answer.message}</p>
        </div>
      ) : null}
      <PhotoManager
        key={`photos-${listing.code}`}
        // After its own save or refusal it starts from what is stored; a save of the floor plans
        // or an upload keeps what is being arranged here.
        startOver={
          answer?.kind === "conflict"
            ? `refused@${answer.revision}`
            : done === "saved" || done === "moved" || done === "merged"
              ? `${done}@${doneAt}`
              : null
        }
        listing={listing}
        csrfToken={csrfToken}
        imageBaseUrl={imageBaseUrl}
        imageDerivatives={imageDerivatives}
        upload={answer?.kind === "upload" ? answer.upload : undefined}
        draft={answer?.kind === "conflict" ? answer.merge : undefined}
      />
      <FloorPlanManager
        key={`plans-${listing.code}`}
        startOver={
          answer?.kind === "floor-plans-refused"
            ? `refused@${answer.revision}@${answer.message}`
            : done === "plans-saved" || done === "plan-moved"
              ? `${done}@${doneAt}`
              : null
        }
        listing={listing}
        csrfToken={csrfToken}
        imageBaseUrl={imageBaseUrl}
        imageDerivatives={imageDerivatives}
        upload={answer?.kind === "floor-plans" ? answer.upload : undefined}
        refused={answer?.kind === "floor-plans-refused" ? answer : undefined}
      />
      <p className="admin-photos__public">
        <a href={listingPagePath(listing)} target="_blank" rel="noopener">
          {listing.published ? "View on the site" : "Public page (not live)"}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}
