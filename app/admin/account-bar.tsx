/**
 * Who is signed in, with their role, and Sign out: in the back office's dark header (the
 * admin layout reads the signed-in layout's data), so the menu below has the frame's whole
 * width (ten items on one row at 1280 px).
 */
import { Form } from "react-router";
import { type StaffRole, staffRoleNames } from "../../lib/staff-rules.ts";
import { FormToken } from "./form-field.tsx";
import { adminPaths } from "./staff.ts";

export interface AdminAccount {
  user: { email: string; role: StaffRole };
  csrfToken: string;
}

export function AccountBar({ account }: { account: AdminAccount }) {
  return (
    <div className="admin-bar__who">
      <span className="admin-bar__email">{account.user.email}</span>
      <span className="admin-badge">{staffRoleNames[account.user.role]}</span>
      <Form method="post" action={adminPaths.signOut} className="admin-bar__sign-out">
        <FormToken token={account.csrfToken} />
        <button className="admin-button admin-button--quiet" type="submit">
          Sign out
        </button>
      </Form>
    </div>
  );
}
