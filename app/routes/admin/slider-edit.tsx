/**
 * Changing a slider (decision 057): its texts, and its image when a new one is chosen. The
 * form carries the version it was opened at; a save over a slider someone changed since is
 * refused with the values kept, as the listing editor does (decision 044).
 */
import { data, Link, redirect } from "react-router";
import { adminContentContext, siteRequestContext } from "#app-context";
import { type SliderFormValues, textOf, uploadOf } from "../../../lib/admin-content.ts";
import { ConflictNotice, idParam } from "../../admin/content-forms.tsx";
import { SliderForm } from "../../admin/slider-form.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/slider-edit";

export const meta: Route.MetaFunction = () => adminMeta("Change a slider");

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const { config } = context.get(siteRequestContext);
  const content = context.get(adminContentContext);
  const slider = await content.slider(session, idParam(params.id, "slider"));
  if (!slider) throw data({ message: "There is no such slider." }, { status: 404 });
  return { slider, csrfToken: session.csrfToken, imageBaseUrl: config.imageBaseUrl };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const id = idParam(params.id, "slider");
  const form = await request.formData();
  const values: SliderFormValues = { title: textOf(form, "title"), link: textOf(form, "link") };
  const opened = textOf(form, "version");
  const over = form.get("over");
  const content = context.get(adminContentContext);
  const saved = await content.saveSlider(
    session,
    id,
    typeof over === "string" ? over : opened,
    values,
    uploadOf(form, "image"),
  );
  if (saved.ok) throw redirect(`${adminPaths.sliders}?done=saved&id=${id}`);
  if (saved.reason === "missing") {
    throw data({ message: "There is no such slider: it was removed." }, { status: 404 });
  }
  if (saved.reason === "conflict") {
    const current = await content.slider(session, id);
    return data({ values, issues: [], opened, conflict: current?.version ?? "" }, { status: 409 });
  }
  return data(
    { values, issues: saved.reason === "invalid" ? saved.issues : [], opened, conflict: null },
    { status: 400 },
  );
}

export default function SliderEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { slider, csrfToken, imageBaseUrl } = loaderData;
  return (
    <section className="admin-panel" aria-labelledby="slider-edit-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.sliders}>Sliders</Link>
      </p>
      <h1 id="slider-edit-title" className="admin-title">
        {`Change the slider “${slider.title}”`}
      </h1>
      <SliderForm
        key={`${slider.version}-${actionData?.conflict ?? ""}`}
        values={actionData?.values ?? slider}
        issues={actionData?.issues ?? []}
        csrfToken={csrfToken}
        version={actionData?.opened ?? slider.version}
        imageSrc={`${imageBaseUrl}/sliders/${encodeURIComponent(slider.image_url)}`}
        submitLabel="Save changes"
        notice={
          actionData?.conflict ? (
            <ConflictNotice
              what="this slider"
              currentHref={`${adminPaths.sliders}/${slider.id}`}
              version={actionData.conflict}
            />
          ) : null
        }
      />
    </section>
  );
}
