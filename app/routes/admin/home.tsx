/** The back office's home: who is signed in, with what role, and the ways to sign out. */
import { Form, Link, redirect } from "react-router";
import { staffRoleNames } from "../../../lib/staff-rules.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => adminMeta("Home");

export function loader({ request, context }: Route.LoaderArgs) {
  // One address for the home page: the session cookie's path (/admin) covers /admin/_.data
  // but not the /admin.data that a link to /admin would fetch.
  if (new URL(request.url).pathname === "/admin") throw redirect(adminPaths.home);
  const { user, csrfToken } = context.get(staffSessionContext);
  return { email: user.email, role: user.role, csrfToken };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { email, role, csrfToken } = loaderData;
  return (
    <section className="admin-panel" aria-labelledby="admin-home-title">
      <h1 id="admin-home-title" className="admin-title">
        Welcome
      </h1>
      <dl className="admin-facts">
        <div>
          <dt>Signed in as</dt>
          <dd>{email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{staffRoleNames[role]}</dd>
        </div>
      </dl>
      <p>
        {role === "owner"
          ? "As an owner you manage everything, including the staff accounts."
          : "As an agent you manage listings, photos, enquiries and the site's sliders, collections, amenities and categories."}
      </p>
      <p>
        <Link to={adminPaths.listings}>Listings: search, publish, archive and delete</Link>
      </p>
      <p>
        <Link to={adminPaths.enquiries}>Enquiries: read, assign, note, close and export</Link>
      </p>
      <h2 className="admin-subtitle">The site's content</h2>
      <p>
        <Link to={adminPaths.sliders}>Sliders: the home page's banner</Link>
      </p>
      <p>
        <Link to={adminPaths.collections}>Featured collections: the home page's three lists</Link>
      </p>
      <p>
        <Link to={adminPaths.amenities}>Amenities</Link> and{" "}
        <Link to={adminPaths.categories}>categories</Link>: the lists listings choose from
      </p>
      {role === "owner" ? (
        <p>
          <Link to={adminPaths.profile}>Company profile and logo</Link>
        </p>
      ) : null}
      {/* Every entry is an owner's: an agent sees no heading over nothing. */}
      {role === "owner" ? (
        <>
          <h2 className="admin-subtitle">Running the office</h2>
          <p>
            <Link to={adminPaths.staff}>
              Staff: invite, new set-password links, roles and removing access
            </Link>
          </p>
          <p>
            <Link to={adminPaths.dataRequests}>
              Data requests: find, export or delete what is held for an e-mail address
            </Link>
          </p>
          <p>
            <Link to={adminPaths.audit}>Audit log: who changed what, and when</Link>
          </p>
          <p>
            <Link to={adminPaths.portals}>
              Portals: each feed's last run, the listings it refuses, pause and resume, tokens
            </Link>
          </p>
          <p>
            <Link to={adminPaths.newsletter}>
              Newsletter: the subscribed addresses, their export and deleting one
            </Link>
          </p>
        </>
      ) : null}
      <h2 className="admin-subtitle">Your password and signing out</h2>
      <p>
        <Link to={adminPaths.password}>Change your password</Link>: it signs you out on every other
        device.
      </p>
      <p>
        Signing out everywhere ends your sessions on every device, such as a phone you no longer
        have.
      </p>
      <div className="admin-actions">
        <Form method="post" action={adminPaths.signOut}>
          <FormToken token={csrfToken} />
          <button className="admin-button admin-button--secondary" type="submit">
            Sign out
          </button>
        </Form>
        <Form method="post" action={adminPaths.signOut}>
          <FormToken token={csrfToken} />
          <input type="hidden" name="scope" value="everywhere" />
          <button className="admin-button admin-button--secondary" type="submit">
            Sign out everywhere
          </button>
        </Form>
      </div>
    </section>
  );
}
