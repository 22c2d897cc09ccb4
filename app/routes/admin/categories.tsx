/** The categories (decision 057): app/admin/term-page.tsx, shared with the amenities. */
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { adminContentContext } from "#app-context";
import { adminMeta, staffSessionContext } from "../../admin/staff.ts";
import { loadTerms, TermPage, termAction, termShouldRevalidate } from "../../admin/term-page.tsx";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => adminMeta("Categories");

export function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  return loadTerms(context.get(adminContentContext), session, "category", request.url);
}

export function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  return termAction(context.get(adminContentContext), session, "category", request);
}

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return termShouldRevalidate(args);
}

export default function Categories({ loaderData, actionData }: Route.ComponentProps) {
  return <TermPage loaderData={loaderData} actionData={actionData} />;
}
