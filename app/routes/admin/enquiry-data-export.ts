/**
 * Owners only: everything held for one e-mail address as a JSON file (decision 045). A POST
 * with the form token, so the address never stands in a URL or an access log.
 */
import { redirect } from "react-router";
import { adminEnquiriesContext } from "#app-context";
import { emailProblem, normaliseEmail } from "../../../lib/staff-rules.ts";
import { adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/enquiry-data-export";

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  if (emailProblem(email)) throw new Response("Enter an e-mail address.", { status: 400 });
  const json = await context.get(adminEnquiriesContext).exportData(session, normaliseEmail(email));
  const day = new Date().toISOString().slice(0, 10);
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="data-request-${day}.json"`,
    },
  });
}

/** Nothing to show: a GET goes to the tool. */
export function loader() {
  return redirect(adminPaths.dataRequests);
}
