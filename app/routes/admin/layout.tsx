/**
 * The back office's frame (decision 036): its own header instead of the public site's, and the
 * form-token check of every state change under /admin (decision 037), made before any action
 * runs, whichever route it is for.
 */
import { Outlet, useRouteLoaderData } from "react-router";
import { siteRequestContext } from "#app-context";
import { AccountBar, type AdminAccount } from "../../admin/account-bar.tsx";
import { AdminErrorPage, AdminFrame } from "../../admin/error-page.tsx";
import { forbidden, formTokenField, refusals } from "../../admin/staff.ts";
import adminCss from "../../styles/admin.css?url";
import type { Route } from "./+types/layout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

const readOnlyMethods = new Set(["GET", "HEAD"]);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    if (readOnlyMethods.has(request.method)) return;
    const { staff } = context.get(siteRequestContext);
    // A copy: the action reads the body itself.
    const form = await request
      .clone()
      .formData()
      .catch(() => undefined);
    if (!(await staff.checkFormToken(request, form?.get(formTokenField)))) {
      forbidden(refusals.formToken);
    }
  },
];

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
