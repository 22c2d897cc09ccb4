/**
 * "Find on map" (decision 069): a post of `address` (with the form token the admin layout
 * checks) answers its position from GEOCODER_URL, asked by this server; without a geocoder it
 * answers that none is set up and asks nothing of any host.
 */
import { adminListingsContext } from "#app-context";
import { staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-geocode";

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const address = String((await request.formData()).get("address") ?? "");
  return context.get(adminListingsContext).geocode(session, address);
}
