/**
 * Every signed-in page of the back office sits under this layout: its middleware sends a
 * signed-out request to the sign-in page before any loader or action below runs (decision
 * 036), and puts the session in the router context for them.
 */
import { useEffect, useRef } from "react";
import { Form, NavLink, Outlet, useLocation } from "react-router";
import { siteRequestContext } from "#app-context";
import { staffRoleNames } from "../../../lib/staff-rules.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminPaths, staffSessionContext, toSignIn } from "../../admin/staff.ts";
import type { Route } from "./+types/signed-in";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const session = await context.get(siteRequestContext).staff.session(request);
    if (!session) toSignIn(request);
    context.set(staffSessionContext, session);
  },
];

export function loader({ context }: Route.LoaderArgs) {
  const { user, csrfToken } = context.get(staffSessionContext);
  return { user: { email: user.email, role: user.role }, csrfToken };
}

/**
 * On a phone the menu is one row that scrolls sideways (admin.css): bring the current page's
 * item into view, or the reader cannot see where they are.
 */
function useCurrentItemInView() {
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page changes
  useEffect(() => {
    const menu = nav.current;
    const current = menu?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!menu || !current) return;
    // Only the menu's own scroll position moves: scrollIntoView would scroll the page too.
    const offset = current.getBoundingClientRect().left - menu.getBoundingClientRect().left;
    menu.scrollLeft += offset - (menu.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return nav;
}

export default function SignedIn({ loaderData }: Route.ComponentProps) {
  const { user, csrfToken } = loaderData;
  const nav = useCurrentItemInView();
  return (
    <>
      <div className="admin-bar">
        <nav className="admin-nav" aria-label="Back office" ref={nav}>
          <NavLink className="admin-nav__link" to={adminPaths.home} end>
            Home
          </NavLink>
          <NavLink className="admin-nav__link" to={adminPaths.listings}>
            Listings
          </NavLink>
          <NavLink className="admin-nav__link" to={adminPaths.enquiries}>
            Enquiries
          </NavLink>
          <NavLink className="admin-nav__link" to={adminPaths.sliders}>
            Sliders
          </NavLink>
          <NavLink className="admin-nav__link" to={adminPaths.collections}>
            Collections
          </NavLink>
          <NavLink className="admin-nav__link" to={adminPaths.amenities}>
            Amenities
          </NavLink>
          <NavLink className="admin-nav__link" to={adminPaths.categories}>
            Categories
          </NavLink>
          {user.role === "owner" ? (
            <NavLink className="admin-nav__link" to={adminPaths.profile}>
              Profile
            </NavLink>
          ) : null}
          {user.role === "owner" ? (
            <NavLink className="admin-nav__link" to={adminPaths.staff}>
              Staff
            </NavLink>
          ) : null}
          {user.role === "owner" ? (
            <NavLink className="admin-nav__link" to={adminPaths.audit}>
              Audit log
            </NavLink>
          ) : null}
        </nav>
        <div className="admin-bar__who">
          <span className="admin-bar__email">{user.email}</span>
          <span className="admin-badge">{staffRoleNames[user.role]}</span>
          <Form method="post" action={adminPaths.signOut} className="admin-bar__sign-out">
            <FormToken token={csrfToken} />
            <button className="admin-button admin-button--quiet" type="submit">
              Sign out
            </button>
          </Form>
        </div>
      </div>
      <Outlet />
    </>
  );
}
