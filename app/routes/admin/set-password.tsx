/** Where a one-time link sets a member of staff's password (decision 036). */
import { data, Form, redirect } from "react-router";
import { siteRequestContext, staffContext } from "#app-context";
import { minimumPasswordLength, newPasswordProblem } from "../../../lib/staff-rules.ts";
import { AccountNameField, FormToken, NewPasswordFields } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, cookieHeaders } from "../../admin/staff.ts";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => adminMeta("Set your password");

const spentLink = "This link has expired or has already been used. Ask an owner for a new one.";

/** The answer's status for each refusal of the service. */
const refusalStatus = { spent: 410, weak: 400, throttled: 429, busy: 503 } as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const link = await staff.findSetPasswordLink(params.token);
  if (!link) return data({ email: null, token: "" }, { status: 410 });
  const { token, setCookie } = await staff.formToken(request);
  return data({ email: link.email, token }, { headers: cookieHeaders(setCookie) });
}

interface SetPasswordErrors {
  password?: string;
  confirmation?: string;
  /** The link is spent: the form is gone. */
  form?: string;
  /** Throttled or busy: the form stays, to try again. */
  notice?: string;
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const { clientIp } = context.get(siteRequestContext);
  const staff = context.get(staffContext);
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const confirmation = String(form.get("confirmation") ?? "");
  const errors: SetPasswordErrors = {};
  const problem = newPasswordProblem(password);
  if (problem) errors.password = problem;
  else if (confirmation !== password) errors.confirmation = "The two passwords are not the same.";
  if (errors.password || errors.confirmation) return data({ errors }, { status: 400 });
  const result = await staff.setPassword(params.token, clientIp, password);
  if (result.ok) throw redirect(`${adminPaths.signIn}?password=set`);
  const failed: SetPasswordErrors =
    result.reason === "weak"
      ? { password: result.message }
      : result.reason === "spent"
        ? { form: spentLink }
        : { notice: result.message };
  return data({ errors: failed }, { status: refusalStatus[result.reason] });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: SetPasswordErrors = actionData?.errors ?? {};
  return (
    <section className="admin-panel admin-panel--narrow" aria-labelledby="set-password-title">
      <h1 id="set-password-title" className="admin-title">
        Set your password
      </h1>
      {loaderData.email === null || errors.form ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {errors.form ?? spentLink}
        </p>
      ) : (
        <>
          {errors.notice ? (
            <p className="admin-notice admin-notice--error" role="alert">
              {errors.notice}
            </p>
          ) : null}
          <p>
            For <strong>{loaderData.email}</strong>. Choose a password of at least{" "}
            {minimumPasswordLength} characters: a few unrelated words are easy to remember and hard
            to guess.
          </p>
          <Form method="post" className="admin-form" noValidate>
            <FormToken token={loaderData.token} />
            <AccountNameField email={loaderData.email} />
            <NewPasswordFields errors={errors} />
            <button className="admin-button" type="submit">
              Set password
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
