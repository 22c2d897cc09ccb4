/** The back office's sign-in (decisions 036 and 037): throttled, a new session every time. */
import { data, Form, redirect, useNavigation } from "react-router";
import { siteRequestContext, staffContext } from "#app-context";
import { emailProblem } from "../../../lib/staff-rules.ts";
import { FormField, FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, cookieHeaders, nextParam, nextPathOf } from "../../admin/staff.ts";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = () => adminMeta("Sign in");

export const handle = { searchParams: ["password", nextParam] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const { searchParams } = new URL(request.url);
  const next = nextPathOf(searchParams.get(nextParam));
  if (await staff.session(request)) throw redirect(next ?? adminPaths.home);
  const { token, setCookie } = await staff.formToken(request);
  const passwordSet = searchParams.get("password") === "set";
  return data({ token, passwordSet, next }, { headers: cookieHeaders(setCookie) });
}

interface SignInErrors {
  email?: string;
  password?: string;
  /** Of the whole form: wrong credentials, or throttled. */
  form?: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = context.get(siteRequestContext);
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const errors: SignInErrors = {};
  const emailError = emailProblem(email);
  if (emailError) errors.email = emailError;
  if (password === "") errors.password = "Enter your password.";
  if (errors.email || errors.password) return data({ errors, email }, { status: 400 });
  const result = await context
    .get(staffContext)
    .signIn(request, site.clientIp, { email, password });
  if (result.ok) {
    const next = nextPathOf(form.get(nextParam)) ?? adminPaths.home;
    throw redirect(next, { headers: cookieHeaders(result.setCookie) });
  }
  return data(
    { errors: { form: result.message } satisfies SignInErrors, email },
    { status: { throttled: 429, busy: 503, invalid: 401 }[result.reason] },
  );
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const errors: SignInErrors = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  return (
    <section className="admin-panel admin-panel--narrow" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title" className="admin-title">
        Sign in
      </h1>
      {loaderData.passwordSet && !actionData ? (
        <p className="admin-notice admin-notice--success" role="status">
          Your password is set. Sign in with it.
        </p>
      ) : null}
      {errors.form ? (
        <p className="admin-notice admin-notice--error" role="alert" id="sign-in-error">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="admin-form" noValidate>
        <FormToken token={loaderData.token} />
        {loaderData.next ? <input type="hidden" name={nextParam} value={loaderData.next} /> : null}
        <FormField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="username"
          required
          defaultValue={actionData?.email ?? ""}
          error={errors.email}
        />
        <FormField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <button className="admin-button" type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="admin-sign-in__help">
        Forgot your password? Ask an owner for a new set-password link.
      </p>
    </section>
  );
}
