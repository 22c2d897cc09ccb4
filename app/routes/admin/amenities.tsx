/** The amenities (decision 057): app/admin/term-page.tsx, shared with the categories. */
import { adminContentContext } from "#app-context";
import { adminMeta, staffSessionContext } from "../../admin/staff.ts";
import { loadTerms, TermPage, termAction } from "../../admin/term-page.tsx";
import type { Route } from "./+types/amenities";

export const meta: Route.MetaFunction = () => adminMeta("Amenities");

export function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  return loadTerms(context.get(adminContentContext), session, "amenity", request.url);
}

export function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  return termAction(context.get(adminContentContext), session, "amenity", request);
}

export default function Amenities({ loaderData, actionData }: Route.ComponentProps) {
  return <TermPage loaderData={loaderData} actionData={actionData} />;
}
