/**
 * Removing a member of staff's access asks first (decision 063), without JavaScript too: this
 * page names the account, and its form posts to the staff page, which removes it and says so
 * there. The last owner who can sign in is told why they cannot be removed instead.
 */
import { data, Form, Link } from "react-router";
import { staffContext } from "#app-context";
import { isLastOwner, staffAccountMessages, staffRoleNames } from "../../../lib/staff-rules.ts";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/staff-remove";

export const meta: Route.MetaFunction = () => adminMeta("Remove access");

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const staff = await context.get(staffContext).listStaff(session);
  const member = staff.find((item) => String(item.id) === params.id);
  if (!member) throw data({ message: staffAccountMessages.missing }, { status: 404 });
  return {
    member,
    self: member.id === session.user.id,
    lastOwner: isLastOwner(staff, member.id),
    csrfToken: session.csrfToken,
  };
}

export default function StaffRemove({ loaderData }: Route.ComponentProps) {
  const { member, self, lastOwner, csrfToken } = loaderData;
  return (
    <section className="admin-panel" aria-labelledby="remove-title">
      <h1 id="remove-title" className="admin-title">
        {self ? "Remove your own access?" : `Remove the access of ${member.email}?`}
      </h1>
      {lastOwner ? (
        <>
          <p className="admin-notice admin-notice--error" role="alert">
            {staffAccountMessages.lastOwner}
          </p>
          <p>
            <Link to={adminPaths.staff}>Back to the staff</Link>
          </p>
        </>
      ) : (
        <>
          <p>
            {self ? "Your" : "Their"} account ({staffRoleNames[member.role].toLowerCase()}) will be
            deleted and every session of {self ? "yours" : "theirs"} ends at once: the e-mail
            address and password will no longer sign in, and any set-password link stops working.
            Enquiries assigned to {self ? "you" : "them"} become unassigned; notes and the audit log
            keep the address. To give {self ? "yourself" : "them"} access again later, invite the
            address anew.
          </p>
          {self ? <p>You will be signed out straight away.</p> : null}
          <div className="admin-actions">
            <Form method="post" action={adminPaths.staff}>
              <FormToken token={csrfToken} />
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={member.id} />
              <button className="admin-button admin-button--danger" type="submit">
                Remove access
              </button>
            </Form>
            <Link className="admin-button admin-button--secondary" to={adminPaths.staff}>
              Keep {self ? "my" : "their"} access
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
