/** Adding a slider (decision 057): its title, link and image; it is shown after the others. */
import { data, Link, redirect } from "react-router";
import { adminContentContext } from "#app-context";
import { type SliderFormValues, textOf, uploadOf } from "../../../lib/admin-content.ts";
import { SliderForm } from "../../admin/slider-form.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/slider-new";

export const meta: Route.MetaFunction = () => adminMeta("Add a slider");

export function loader({ context }: Route.LoaderArgs) {
  return { csrfToken: context.get(staffSessionContext).csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const form = await request.formData();
  const values: SliderFormValues = { title: textOf(form, "title"), link: textOf(form, "link") };
  const saved = await context
    .get(adminContentContext)
    .addSlider(session, values, uploadOf(form, "image"));
  if (saved.ok) throw redirect(`${adminPaths.sliders}?done=added&id=${saved.id ?? ""}`);
  return data({ values, issues: saved.reason === "invalid" ? saved.issues : [] }, { status: 400 });
}

export default function SliderNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="admin-panel" aria-labelledby="slider-new-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.sliders}>Sliders</Link>
      </p>
      <h1 id="slider-new-title" className="admin-title">
        Add a slider
      </h1>
      <SliderForm
        values={actionData?.values ?? { title: "", link: "/property" }}
        issues={actionData?.issues ?? []}
        csrfToken={loaderData.csrfToken}
        submitLabel="Add slider"
      />
    </section>
  );
}
