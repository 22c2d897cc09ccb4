/**
 * The related properties' search (decision 044): GET /admin/listings/related?q=words answers
 * the listings whose code or headline holds every word, as JSON data for the editor's picker
 * (which without JavaScript posts its form to search instead, keeping what was typed).
 */
import { adminListingsContext } from "#app-context";
import { staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-related";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { found: await context.get(adminListingsContext).search(session, query) };
}
