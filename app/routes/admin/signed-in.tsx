/**
 * Every signed-in page of the back office sits under this layout: its middleware sends a
 * signed-out request to the sign-in page before any loader or action below runs (decision
 * 036), and puts the session in the router context for them.
 */
import { NavLink, Outlet } from "react-router";
import { applicantPaths } from "../../../lib/applicant-admin.ts";
import type { StaffRole } from "../../../lib/staff-rules.ts";
import type { AdminAccount } from "../../admin/account-bar.tsx";
import { AdminErrorPanel } from "../../admin/error-page.tsx";
import { adminPaths, signedInOnly, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/signed-in";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

/** The account the header shows (app/routes/admin/layout.tsx reads it by this route's id). */
export function loader({ context }: Route.LoaderArgs): AdminAccount {
  const { user, csrfToken } = context.get(staffSessionContext);
  return { user: { email: user.email, role: user.role }, csrfToken };
}

/** The back office's menu, in order; the owners' pages are theirs alone. */
const menu: readonly { to: string; label: string; ownersOnly?: true }[] = [
  { to: adminPaths.home, label: "Home" },
  { to: adminPaths.listings, label: "Listings" },
  { to: adminPaths.enquiries, label: "Enquiries" },
  { to: adminPaths.viewings, label: "Viewings" },
  { to: applicantPaths.list, label: "Applicants" },
  { to: adminPaths.sliders, label: "Sliders" },
  { to: adminPaths.collections, label: "Collections" },
  { to: adminPaths.amenities, label: "Amenities" },
  { to: adminPaths.categories, label: "Categories" },
  { to: adminPaths.profile, label: "Profile", ownersOnly: true },
  { to: adminPaths.staff, label: "Staff", ownersOnly: true },
  { to: adminPaths.audit, label: "Audit log", ownersOnly: true },
  { to: adminPaths.portals, label: "Portals", ownersOnly: true },
];

/** The back office's menu: an owner's thirteen items, an agent's nine. Viewing hours
 * are a link of the diary's, the feeds' tokens one of the Portals page's. */
function AdminMenu({ role }: { role: StaffRole }) {
  return (
    <nav className="admin-nav" aria-label="Back office">
      {menu
        .filter((item) => role === "owner" || !item.ownersOnly)
        .map((item) => (
          // Home is current on its own address only, not under every page.
          <NavLink
            key={item.to}
            className="admin-nav__link"
            to={item.to}
            end={item.to === adminPaths.home}
          >
            {item.label}
          </NavLink>
        ))}
    </nav>
  );
}

export default function SignedIn({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminMenu role={loaderData.user.role} />
      <Outlet />
    </>
  );
}

/**
 * A refusal or error of a signed-in page (an agent opening an owner's page: 403) keeps the
 * menu, and the header its Sign out, with the status the page answered.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <>
      {loaderData ? <AdminMenu role={loaderData.user.role} /> : null}
      <AdminErrorPanel error={error} />
    </>
  );
}
