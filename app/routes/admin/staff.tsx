/**
 * Owners only: every member of staff and their care (decisions 036 and 063). The invitation
 * form makes a one-time set-password link; each account can be given a new link, made an
 * owner or an agent, or lose its access (asked first at /admin/staff/:id/remove, whose form
 * posts here). Links are shown as text to copy, never as a link the owner might use up by
 * clicking it, and e-mailed too when a mail server is configured.
 */
import { useEffect, useRef, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import { staffContext } from "#app-context";
import {
  emailProblem,
  isLastOwner,
  isStaffRole,
  type StaffRole,
  staffAccountMessages,
  staffRoleNames,
  staffRoles,
} from "../../../lib/staff-rules.ts";
import { FormField, FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, ownerSession, staffRemovePath } from "../../admin/staff.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

export async function loader({ context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const staff = await context.get(staffContext).listStaff(session);
  return { staff, csrfToken: session.csrfToken, me: session.user.id };
}

interface InviteErrors {
  email?: string;
  role?: string;
}

const linkHours = 72;

/** "3 enquiries", "1 enquiry". */
function enquiries(count: number): string {
  return `${count} ${count === 1 ? "enquiry" : "enquiries"}`;
}

/** What an account's form posted: its id, or undefined when it is not one. */
function accountId(form: FormData): number | undefined {
  const id = Number(form.get("id"));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const staff = context.get(staffContext);
  const form = await request.formData();
  const intent = form.get("intent") ?? "invite";

  if (intent === "invite") {
    const email = String(form.get("email") ?? "");
    const role = form.get("role");
    const errors: InviteErrors = {};
    const emailError = emailProblem(email);
    if (emailError) errors.email = emailError;
    if (!isStaffRole(role)) errors.role = "Choose a role.";
    if (errors.email || !isStaffRole(role)) {
      return data({ kind: "invite" as const, ok: false as const, errors, email }, { status: 400 });
    }
    const invited = await staff.invite(session, { email, role: role as StaffRole });
    if (!invited.ok) {
      return data(
        {
          kind: "invite" as const,
          ok: false as const,
          errors: { email: invited.message } satisfies InviteErrors,
          email,
        },
        { status: 409 },
      );
    }
    return {
      kind: "invite" as const,
      ok: true as const,
      link: invited.link,
      emailed: invited.emailed,
      email,
    };
  }

  const id = accountId(form);
  const refused = (message: string, status: number) =>
    data({ kind: "account" as const, ok: false as const, message }, { status });
  if (id === undefined) return refused(staffAccountMessages.missing, 404);

  if (intent === "link") {
    const issued = await staff.issueLink(session, id);
    if (!issued.ok) return refused(issued.message, 404);
    return {
      kind: "link" as const,
      ok: true as const,
      link: issued.link,
      emailed: issued.emailed,
      email: issued.email,
    };
  }

  if (intent === "role") {
    const role = form.get("role");
    if (!isStaffRole(role)) return refused("Choose a role.", 400);
    const changed = await staff.changeRole(session, id, role);
    if (!changed.ok) return refused(changed.message, changed.reason === "missing" ? 404 : 409);
    // An owner who made themselves an agent may no longer open this page.
    if (id === session.user.id && role !== "owner") throw redirect(adminPaths.home);
    const name = staffRoleNames[role].toLowerCase();
    return {
      kind: "account" as const,
      ok: true as const,
      message: changed.changed
        ? `${changed.member.email} is now an ${name}.`
        : `${changed.member.email} is already an ${name}.`,
    };
  }

  if (intent === "remove") {
    const removed = await staff.remove(session, id);
    if (!removed.ok) return refused(removed.message, removed.reason === "missing" ? 404 : 409);
    // Their own sessions have ended with the account.
    if (id === session.user.id) throw redirect(adminPaths.signIn);
    const unassigned =
      removed.unassigned > 0
        ? ` ${enquiries(removed.unassigned)} assigned to them ${removed.unassigned === 1 ? "is" : "are"} unassigned now.`
        : "";
    return {
      kind: "account" as const,
      ok: true as const,
      message: `${removed.member.email} no longer has access: their account is removed and every session of theirs has ended.${unassigned}`,
    };
  }

  return refused("This form is not one this page knows.", 400);
}

/**
 * A one-time link as text to select, never a link to follow: an owner who clicked it would use
 * it up. With JavaScript a button copies it.
 */
function CopyableLink({ link }: { link: string }) {
  const [canCopy, setCanCopy] = useState(false);
  const [said, setSaid] = useState("");
  const text = useRef<HTMLElement>(null);
  // Only a hydrated page can copy: without JavaScript there is no button, only the text.
  useEffect(() => setCanCopy(true), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setSaid("Link copied.");
    } catch {
      // No clipboard (a plain-http address, or refused): select the text for the keyboard.
      const node = text.current;
      const selection = window.getSelection();
      if (node && selection) {
        const range = document.createRange();
        range.selectNodeContents(node);
        selection.removeAllRanges();
        selection.addRange(range);
      }
      setSaid("The link is selected: press Ctrl+C (⌘C on a Mac) to copy it.");
    }
  }
  return (
    <div className="admin-copy-link">
      <code className="admin-link-box" ref={text}>
        {link}
      </code>
      {canCopy ? (
        <div className="admin-copy-link__actions">
          <button
            className="admin-button admin-button--secondary admin-button--small"
            type="button"
            onClick={copy}
          >
            Copy link
          </button>
          <span className="admin-copy-link__said" aria-live="polite">
            {said}
          </span>
        </div>
      ) : null}
    </div>
  );
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const invite = actionData?.kind === "invite" ? actionData : undefined;
  const errors: InviteErrors = invite && !invite.ok ? invite.errors : {};
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
        {invite?.ok ? (
          <div className="admin-notice admin-notice--success" role="status">
            <p>
              {invite.email} is invited.{" "}
              {invite.emailed
                ? "We have e-mailed them this link too."
                : `Send them this link: it works once, for ${linkHours} hours.`}
            </p>
            <CopyableLink link={invite.link} />
          </div>
        ) : null}
        {/* A new, empty form after each invitation. */}
        <Form
          method="post"
          className="admin-form"
          noValidate
          key={invite?.ok ? invite.link : "invite"}
        >
          <FormToken token={loaderData.csrfToken} />
          <input type="hidden" name="intent" value="invite" />
          <FormField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            required
            defaultValue={invite && !invite.ok ? invite.email : ""}
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
      <section className="admin-panel admin-panel--wide" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title" className="admin-subtitle">
          Accounts
        </h2>
        <p>
          A new set-password link replaces the account's earlier ones and works once, for{" "}
          {linkHours} hours; their password keeps working until they use it. Removing access ends
          their sessions at once and deletes the account: their notes and the audit log keep their
          address.
        </p>
        {actionData?.kind === "link" ? (
          <div className="admin-notice admin-notice--success" role="status">
            <p>
              {`A new set-password link for ${actionData.email}. ${
                actionData.emailed
                  ? "We have e-mailed it to them too."
                  : `Send them this link: it works once, for ${linkHours} hours.`
              } Their earlier links no longer work.`}
            </p>
            <CopyableLink link={actionData.link} />
          </div>
        ) : null}
        {actionData?.kind === "account" ? (
          <p
            className={`admin-notice admin-notice--${actionData.ok ? "success" : "error"}`}
            role={actionData.ok ? "status" : "alert"}
          >
            {actionData.message}
          </p>
        ) : null}
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-staff">
            <thead>
              <tr>
                <th scope="col">E-mail address</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.staff.map((member) => {
                const self = member.id === loaderData.me;
                const otherRole: StaffRole = member.role === "owner" ? "agent" : "owner";
                const forWhom = <span className="visually-hidden"> for {member.email}</span>;
                return (
                  <tr key={member.id}>
                    <td data-label="E-mail">
                      {member.email}
                      {self ? " (you)" : ""}
                    </td>
                    <td data-label="Role">{staffRoleNames[member.role]}</td>
                    <td data-label="Status">{member.hasPassword ? "Active" : "Invited"}</td>
                    <td data-label="Actions">
                      <div className="admin-staff__actions">
                        <Form method="post">
                          <FormToken token={loaderData.csrfToken} />
                          <input type="hidden" name="intent" value="link" />
                          <input type="hidden" name="id" value={member.id} />
                          <button
                            className="admin-button admin-button--secondary admin-button--small"
                            type="submit"
                            disabled={busy}
                          >
                            New set-password link{forWhom}
                          </button>
                        </Form>
                        {isLastOwner(loaderData.staff, member.id) ? (
                          <p className="admin-staff__why">{staffAccountMessages.lastOwner}</p>
                        ) : (
                          <>
                            <Form method="post">
                              <FormToken token={loaderData.csrfToken} />
                              <input type="hidden" name="intent" value="role" />
                              <input type="hidden" name="id" value={member.id} />
                              <input type="hidden" name="role" value={otherRole} />
                              <button
                                className="admin-button admin-button--secondary admin-button--small"
                                type="submit"
                                disabled={busy}
                              >
                                {otherRole === "owner" ? "Make owner" : "Make agent"}
                                {forWhom}
                              </button>
                            </Form>
                            <Link
                              className="admin-button admin-button--danger admin-button--small"
                              to={staffRemovePath(member.id)}
                            >
                              Remove access{forWhom}
                            </Link>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
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
