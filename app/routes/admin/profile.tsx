/**
 * The company profile and logo (decision 057), owners only: the fields every public page's
 * title, metadata, header and footer take, checked by the content command's one schema, and
 * the logo uploaded in place of the current one. Saved over the version the form was opened
 * at only.
 */
import { data, Form, redirect } from "react-router";
import { adminContentContext, siteRequestContext } from "#app-context";
import {
  type ContentFieldIssue,
  type ProfileFormValues,
  profileFieldLabels,
  profileFields,
  profileValuesOf,
  textOf,
  uploadOf,
} from "../../../lib/admin-content.ts";
import {
  ConflictNotice,
  doneNotice,
  errorsOf,
  ProblemSummary,
} from "../../admin/content-forms.tsx";
import { FormField, FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => adminMeta("Company profile");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const { config } = context.get(siteRequestContext);
  const content = context.get(adminContentContext);
  const profile = await content.profile(session);
  return {
    profile,
    csrfToken: session.csrfToken,
    imageBaseUrl: config.imageBaseUrl,
    saved: new URL(request.url).searchParams.get("done") === "saved",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const content = context.get(adminContentContext);
  const form = await request.formData();
  const values = profileValuesOf(form);
  const opened = textOf(form, "version");
  const over = form.get("over");
  const saved = await content.saveProfile(
    session,
    typeof over === "string" ? over : opened,
    values,
    uploadOf(form, "logo"),
  );
  if (saved.ok) throw redirect(`${adminPaths.profile}?done=saved`);
  if (saved.reason === "conflict") {
    const current = await content.profile(session);
    return data(
      { values, issues: [] as ContentFieldIssue[], opened, conflict: current.version },
      { status: 409 },
    );
  }
  return data(
    { values, issues: saved.reason === "invalid" ? saved.issues : [], opened, conflict: null },
    { status: 400 },
  );
}

const fieldId = (field: string) => `profile-${field}`;

const hints: Record<keyof ProfileFormValues, string> = {
  business_name: "Every page's title and the footer's copyright line.",
  page_description: "The description search engines and social cards show, up to 500 characters.",
  website: "Such as https://www.example.com.",
  telephone: "Shown in the top bar and the footer.",
  email_address: "Shown in the top bar, the footer and the property pages' Helping Center.",
  address: "Shown in the footer and the property pages' Helping Center.",
};

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, csrfToken, imageBaseUrl, saved } = loaderData;
  const values = actionData?.values ?? profile.values;
  const issues = actionData?.issues ?? [];
  const errors = errorsOf(issues, profileFieldLabels);
  const logoError = errors.logo;
  return (
    <section className="admin-panel" aria-labelledby="profile-title">
      <h1 id="profile-title" className="admin-title">
        Company profile
      </h1>
      {saved && !actionData
        ? doneNotice("The profile is saved: the public site shows it now.")
        : null}
      <ProblemSummary issues={issues} labels={profileFieldLabels} idOf={fieldId} />
      <Form
        key={`${profile.version}-${actionData?.conflict ?? ""}`}
        method="post"
        encType="multipart/form-data"
        className="admin-editor"
        noValidate
      >
        <FormToken token={csrfToken} />
        <input type="hidden" name="version" value={actionData?.opened ?? profile.version} />
        {actionData?.conflict ? (
          <ConflictNotice
            what="the profile"
            currentHref={adminPaths.profile}
            version={actionData.conflict}
          />
        ) : null}
        {profileFields.map((field) =>
          field === "page_description" ? (
            <div
              key={field}
              className={`admin-field${errors[field] ? " admin-field--invalid" : ""}`}
            >
              <label className="admin-field__label" htmlFor={fieldId(field)}>
                {profileFieldLabels[field]}
              </label>
              <p className="admin-field__hint" id={`${fieldId(field)}-hint`}>
                {hints[field]}
              </p>
              <textarea
                className="admin-field__input admin-enquiry__textarea"
                id={fieldId(field)}
                name={field}
                rows={3}
                maxLength={500}
                required
                defaultValue={values[field]}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={`${fieldId(field)}-hint${errors[field] ? ` ${fieldId(field)}-error` : ""}`}
              />
              {errors[field] ? (
                <p className="admin-field__error" id={`${fieldId(field)}-error`}>
                  {errors[field]}
                </p>
              ) : null}
            </div>
          ) : (
            <FormField
              key={field}
              id={fieldId(field)}
              name={field}
              label={profileFieldLabels[field]}
              defaultValue={values[field]}
              error={errors[field]}
              hint={hints[field]}
              required
              {...(field === "website" ? { type: "url", inputMode: "url" as const } : {})}
              {...(field === "email_address" ? { type: "email" } : {})}
              {...(field === "telephone" ? { type: "tel" } : {})}
            />
          ),
        )}
        <div className={`admin-field${logoError ? " admin-field--invalid" : ""}`}>
          <label className="admin-field__label" htmlFor={fieldId("logo")}>
            {profile.logo ? "Replace the logo" : profileFieldLabels.logo}
          </label>
          <p className="admin-field__hint" id={`${fieldId("logo")}-hint`}>
            {profile.logo ? "Leave empty to keep the current logo. " : ""}
            JPEG, PNG, WebP, GIF or AVIF, at least 60 × 30 pixels (240 × 64 fits the header), up to
            2 MB.
          </p>
          {profile.logo ? (
            <img
              className="admin-content__logo"
              src={`${imageBaseUrl}/${encodeURIComponent(profile.logo)}`}
              alt="The current logo"
            />
          ) : null}
          <input
            className="admin-field__input"
            id={fieldId("logo")}
            name="logo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-invalid={logoError ? true : undefined}
            aria-describedby={`${fieldId("logo")}-hint${logoError ? ` ${fieldId("logo")}-error` : ""}`}
          />
          {logoError ? (
            <p className="admin-field__error" id={`${fieldId("logo")}-error`}>
              {logoError}
            </p>
          ) : null}
        </div>
        <div className="admin-actions admin-editor__actions">
          <button className="admin-button" type="submit">
            Save the profile
          </button>
        </div>
      </Form>
    </section>
  );
}
