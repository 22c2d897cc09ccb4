/**
 * A signed-in member of staff changes their own password (decision 063): the current one
 * proves it is them (throttled like a sign-in), the new one follows the set-password rules, and
 * every other session of theirs ends while this one stays.
 */
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { siteRequestContext, staffContext } from "#app-context";
import { minimumPasswordLength, newPasswordProblem } from "../../../lib/staff-rules.ts";
import {
  AccountNameField,
  FormField,
  FormToken,
  NewPasswordFields,
} from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/staff-password";

export const meta: Route.MetaFunction = () => adminMeta("Change your password");

export function loader({ request, context }: Route.LoaderArgs) {
  const { user, csrfToken } = context.get(staffSessionContext);
  const changed = new URL(request.url).searchParams.get("changed") === "1";
  return { email: user.email, csrfToken, changed };
}

interface PasswordErrors {
  current?: string;
  password?: string;
  confirmation?: string;
  /** Of the whole form: throttled, or signed out meanwhile. */
  form?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteRequestContext);
  const form = await request.formData();
  const current = String(form.get("current") ?? "");
  const password = String(form.get("password") ?? "");
  const confirmation = String(form.get("confirmation") ?? "");
  const errors: PasswordErrors = {};
  if (current === "") errors.current = "Enter your current password.";
  const problem = newPasswordProblem(password);
  if (problem) errors.password = problem;
  else if (password === current) errors.password = "Choose a password other than your current one.";
  else if (confirmation !== password) errors.confirmation = "The two passwords are not the same.";
  if (Object.keys(errors).length > 0) return data({ errors }, { status: 400 });
  const changed = await context
    .get(staffContext)
    .changePassword(request, site.clientIp, { current, password });
  if (changed.ok) throw redirect(`${adminPaths.password}?changed=1`);
  const failed: PasswordErrors =
    changed.reason === "wrong"
      ? { current: changed.message }
      : changed.reason === "weak"
        ? { password: changed.message }
        : { form: changed.message };
  const status = { wrong: 401, throttled: 429, invalid: 400, weak: 400, busy: 503 }[changed.reason];
  return data({ errors: failed }, { status });
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: PasswordErrors = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  // After a change the page stays mounted: empty its fields (an error keeps what was typed).
  useEffect(() => {
    if (loaderData.changed && !actionData) form.current?.reset();
  }, [loaderData, actionData]);
  return (
    <section className="admin-panel admin-panel--narrow" aria-labelledby="password-title">
      <h1 id="password-title" className="admin-title">
        Change your password
      </h1>
      {loaderData.changed && !actionData ? (
        <p className="admin-notice admin-notice--success" role="status">
          Your password is changed. Your other sessions have ended; this one stays signed in.
        </p>
      ) : null}
      {errors.form ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <p>
        For <strong>{loaderData.email}</strong>. Choose a password of at least{" "}
        {minimumPasswordLength} characters: a few unrelated words are easy to remember and hard to
        guess. Changing it signs you out on every other device.
      </p>
      {/* Passwords are never sent back in a page: with JavaScript the fields keep what was typed. */}
      <Form method="post" className="admin-form" noValidate ref={form}>
        <FormToken token={loaderData.csrfToken} />
        <AccountNameField email={loaderData.email} />
        <FormField
          name="current"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.current}
        />
        <NewPasswordFields errors={errors} />
        <button className="admin-button" type="submit" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
