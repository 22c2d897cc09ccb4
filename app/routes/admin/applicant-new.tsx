/**
 * A new applicant added by hand (decision 103): name, e-mail (one applicant per address) and
 * phone. A refused form shows what was typed with each message beside its field; a saved one
 * opens the applicant's page, where requirements and consent are set.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminApplicantsContext } from "#app-context";
import { applicantPath, applicantPaths } from "../../../lib/applicant-admin.ts";
import { ApplicantDetailsFields, detailsOf } from "../../admin/applicant-forms.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, doneParam, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/applicant-new";

export const meta: Route.MetaFunction = () => adminMeta("Add an applicant");

export function loader({ context }: Route.LoaderArgs) {
  return { csrfToken: context.get(staffSessionContext).csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const values = detailsOf(await request.formData());
  const result = await context.get(adminApplicantsContext).create(session, values);
  if ("errors" in result) return data({ errors: result.errors, values }, { status: 400 });
  return redirect(`${applicantPath(result.id)}?${doneParam}=added`);
}

export default function ApplicantNew({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? { name: "", email: "", phone: "" };
  const errors = actionData?.errors ?? {};
  return (
    <section className="admin-panel" aria-labelledby="applicant-new-title">
      <p className="admin-editor__back">
        <Link to={applicantPaths.list}>Applicants</Link>
      </p>
      <h1 id="applicant-new-title" className="admin-title">
        Add an applicant
      </h1>
      {Object.keys(errors).length > 0 ? (
        <div className="admin-notice admin-notice--error" role="alert">
          Please correct the highlighted fields.
        </div>
      ) : null}
      <Form method="post" className="admin-form" noValidate>
        <FormToken token={loaderData.csrfToken} />
        <ApplicantDetailsFields values={values} errors={errors} />
        <button className="admin-button" type="submit">
          Add the applicant
        </button>
      </Form>
    </section>
  );
}
