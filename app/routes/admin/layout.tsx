/**
 * The back office's frame (decision 036): its own header instead of the public site's, and the
 * form-token check of every state change under /admin (decision 037), made before any action
 * runs, whichever route it is for.
 */
import { Outlet, useRouteLoaderData } from "react-router";
import { staffContext } from "#app-context";
import { AccountBar, type AdminAccount } from "../../admin/account-bar.tsx";
import { AdminErrorPage, AdminFrame } from "../../admin/error-page.tsx";
import { postedFormToken } from "../../admin/posted-form-token.ts";
import {
  adminPaths,
  forbidden,
  refusals,
  setPasswordPathPrefix,
  toSignIn,
} from "../../admin/staff.ts";
import adminCss from "../../styles/admin.css?url";
import type { Route } from "./+types/layout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

const readOnlyMethods = new Set(["GET", "HEAD"]);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (readOnlyMethods.has(request.method)) return;
    const staff = context.get(staffContext);
    if (!(await staff.checkFormToken(request, await postedFormToken(request)))) {
      // A page's post whose session has ended since the page was opened: signing in again
      // leads back to that page (whose typed work the listing editor keeps, decision 064).
      // Still refused; nothing the post asked for is done.
      if (isSignedInPagePost(request) && !(await staff.session(request))) toSignIn(request);
      forbidden(refusals.formToken);
    }
  },
];

/**
 * A post a signed-in page sent as a form, with or without JavaScript (React Router's data
 * request), not a script's upload, nor the signed-out pages' own forms.
 */
function isSignedInPagePost(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (pathname.startsWith(adminPaths.signIn) || pathname.startsWith(setPasswordPathPrefix)) {
    return false;
  }
  return request.headers.get("sec-fetch-mode") === "navigate" || pathname.endsWith(".data");
}

export default function AdminLayout() {
  // Signed in: the signed-in layout's account, shown in the header.
  const account = useRouteLoaderData<AdminAccount>("routes/admin/signed-in");
  return (
    <AdminFrame account={account ? <AccountBar account={account} /> : undefined}>
      <Outlet />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorPage error={error} />;
}
