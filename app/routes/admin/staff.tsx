/**
 * Owners only: every member of staff, and the invitation form, which makes a one-time
 * set-password link (shown here, and e-mailed when a mail server is configured).
 */
import { data, Form, isRouteErrorResponse, useNavigation } from "react-router";
import { siteRequestContext } from "#app-context";
import {
  emailProblem,
  isStaffRole,
  type StaffRole,
  staffRoleNames,
  staffRoles,
} from "../../../lib/staff-rules.ts";
import { FormField, FormToken } from "../../admin/form-field.tsx";
import { adminMeta, forbidden, refusals, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

function ownerSession(context: Route.LoaderArgs["context"]) {
  const session = context.get(staffSessionContext);
  if (session.user.role !== "owner") forbidden(refusals.ownersOnly);
  return session;
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const staff = await context.get(siteRequestContext).staff.listStaff(session);
  return { staff, csrfToken: session.csrfToken, me: session.user.id };
}

interface InviteErrors {
  email?: string;
  role?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const role = form.get("role");
  const errors: InviteErrors = {};
  const emailError = emailProblem(email);
  if (emailError) errors.email = emailError;
  if (!isStaffRole(role)) errors.role = "Choose a role.";
  if (errors.email || !isStaffRole(role)) {
    return data({ ok: false as const, errors, email }, { status: 400 });
  }
  const invited = await context
    .get(siteRequestContext)
    .staff.invite(session, { email, role: role as StaffRole });
  if (!invited.ok) {
    return data(
      { ok: false as const, errors: { email: invited.message } satisfies InviteErrors, email },
      { status: 409 },
    );
  }
  return { ok: true as const, link: invited.link, emailed: invited.emailed, email };
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const errors: InviteErrors = actionData && !actionData.ok ? actionData.errors : {};
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <section className="admin-panel" aria-labelledby="invite-title">
        <h1 id="invite-title" className="admin-title">
          Staff
        </h1>
        <h2 className="admin-subtitle">Invite a member of staff</h2>
        <p>
          Agents manage listings, photos and enquiries. Owners can do everything, including inviting
          staff.
        </p>
        {actionData?.ok ? (
          <div className="admin-notice admin-notice--success" role="status">
            <p>
              {actionData.email} is invited.{" "}
              {actionData.emailed
                ? "We have e-mailed them this link too."
                : "Send them this link: it works once, for 72 hours."}
            </p>
            <p className="admin-link-box">
              <a href={actionData.link} rel="noreferrer">
                {actionData.link}
              </a>
            </p>
          </div>
        ) : null}
        {/* A new, empty form after each invitation. */}
        <Form
          method="post"
          className="admin-form"
          noValidate
          key={actionData?.ok ? actionData.link : "invite"}
        >
          <FormToken token={loaderData.csrfToken} />
          <FormField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            required
            defaultValue={actionData && !actionData.ok ? actionData.email : ""}
            error={errors.email}
          />
          <fieldset
            className={`admin-field admin-choice${errors.role ? " admin-field--invalid" : ""}`}
            aria-describedby={errors.role ? "role-error" : undefined}
          >
            <legend className="admin-field__label">Role</legend>
            {staffRoles.map((role) => (
              <label key={role} className="admin-choice__option">
                <input type="radio" name="role" value={role} defaultChecked={role === "agent"} />
                {staffRoleNames[role]}
              </label>
            ))}
            {errors.role ? (
              <p className="admin-field__error" id="role-error">
                {errors.role}
              </p>
            ) : null}
          </fieldset>
          <button className="admin-button" type="submit" disabled={busy}>
            Invite
          </button>
        </Form>
      </section>
      <section className="admin-panel" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className="admin-subtitle">
          Accounts
        </h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">E-mail address</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.staff.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.email}
                    {member.id === loaderData.me ? " (you)" : ""}
                  </td>
                  <td>{staffRoleNames[member.role]}</td>
                  <td>{member.hasPassword ? "Active" : "Invited"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "Something went wrong. Please try again in a moment.";
  return (
    <section className="admin-panel" aria-labelledby="staff-error-title">
      <h1 id="staff-error-title" className="admin-title">
        {isRouteErrorResponse(error) && error.status === 403
          ? "Not allowed"
          : "Something went wrong"}
      </h1>
      <p>{message}</p>
    </section>
  );
}
