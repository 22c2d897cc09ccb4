/**
 * The uploader's endpoint (decision 056): one or more files posted with the form token, as the
 * photo manager's script sends them (one file a request, so each has its own progress),
 * answered as JSON: each file's result and the listing's revision after it. Files posted as
 * `floor-plans` are floor plans (decision 052's second addendum), added after the listing's
 * plans; those as `photos` are photos. The form token and the session are checked by the
 * admin layouts, as for every admin post.
 */
import { data } from "react-router";
import { adminPhotosContext } from "#app-context";
import { photoFields } from "../../../lib/admin-photos.ts";
import { postedPhotoFiles } from "../../admin/photo-files.ts";
import { staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-photos-upload";

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const photos = context.get(adminPhotosContext);
  const form = await request.formData();
  const plans = await postedPhotoFiles(form, photoFields.floorPlans);
  const files = plans.length > 0 ? plans : await postedPhotoFiles(form);
  if (files.length === 0) {
    return Response.json(
      { ok: false, results: [], message: "Choose a photo or a floor plan to upload." },
      { status: 400 },
    );
  }
  const answer =
    plans.length > 0
      ? await photos.uploadFloorPlans(session, params.code, plans, "")
      : await photos.upload(session, params.code, files);
  const status = answer.missing
    ? 404
    : !answer.ok
      ? 409
      : answer.results.some((result) => result.ok)
        ? 200
        : 422;
  return Response.json(answer, { status, headers: { "cache-control": "no-store" } });
}

export function loader() {
  throw data({ message: "Upload photos from the listing's photos page." }, { status: 405 });
}
