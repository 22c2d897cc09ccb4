/**
 * Duplicate (decision 044): a post here (with the form token the admin layout checks) copies
 * the listing into a new unpublished draft with a new code, and opens the copy in the editor.
 */
import { data, redirect } from "react-router";
import { adminListingsContext } from "#app-context";
import { editPath } from "../../admin/listing-editing.ts";
import { staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-duplicate";

/** A GET has nothing to show: the listing's editor has the Duplicate button. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(editPath(params.code));
}

export async function action({ params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const copy = await context.get(adminListingsContext).duplicate(session, params.code);
  if (copy === null)
    throw data({ message: "There is no listing with this code." }, { status: 404 });
  throw redirect(editPath(copy, { done: "duplicated" }));
}
