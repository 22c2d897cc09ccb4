/** Signs out this browser, or (scope=everywhere) every session of the member of staff. */
import { redirect } from "react-router";
import { staffContext } from "#app-context";
import { adminPaths, cookieHeaders } from "../../admin/staff.ts";
import type { Route } from "./+types/sign-out";

export function loader() {
  throw redirect(adminPaths.home);
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { setCookie } = await context
    .get(staffContext)
    .signOut(request, { everywhere: form.get("scope") === "everywhere" });
  throw redirect(adminPaths.signIn, { headers: cookieHeaders(setCookie) });
}
