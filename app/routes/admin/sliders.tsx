/**
 * The home page's sliders (decision 057): in the order the banner shows them, each with its
 * image, moved up or down by a button (one saved step each, so the order works by keyboard and
 * without JavaScript), changed on its own page and removed after a confirmation.
 */
import { useEffect } from "react";
import { Form, Link, redirect } from "react-router";
import { adminContentContext, siteRequestContext } from "#app-context";
import { textOf } from "../../../lib/admin-content.ts";
import { doneNotice, idParam } from "../../admin/content-forms.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/sliders";

export const meta: Route.MetaFunction = () => adminMeta("Sliders");

const doneTexts: Record<string, (title: string) => string> = {
  added: (title) => `The slider “${title}” is added last: the home page shows it now.`,
  saved: (title) => `The slider “${title}” is saved: the home page shows it now.`,
  moved: (title) => `The slider “${title}” is moved.`,
  removed: () => "The slider is removed from the home page.",
  missing: () => "That slider was already removed.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const { config } = context.get(siteRequestContext);
  const content = context.get(adminContentContext);
  const sliders = await content.sliders(session);
  const params = new URL(request.url).searchParams;
  const done = params.get("done");
  const id = Number(params.get("id"));
  const subject = sliders.find((slider) => slider.id === id);
  const removing = sliders.find((slider) => String(slider.id) === params.get("remove"));
  return {
    sliders,
    csrfToken: session.csrfToken,
    imageBaseUrl: config.imageBaseUrl,
    done:
      done !== null && done in doneTexts ? (doneTexts[done]?.(subject?.title ?? "") ?? null) : null,
    moved:
      done === "moved" && subject
        ? { id: subject.id, direction: params.get("direction") === "up" ? "up" : "down" }
        : null,
    removing: removing ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const content = context.get(adminContentContext);
  const form = await request.formData();
  const id = idParam(textOf(form, "id"), "slider");
  const intent = textOf(form, "intent");
  if (intent === "up" || intent === "down") {
    const outcome = await content.moveSlider(session, id, intent);
    const done = outcome === "missing" ? "missing" : "moved";
    throw redirect(`${adminPaths.sliders}?done=${done}&id=${id}&direction=${intent}`);
  }
  if (intent === "remove") {
    const outcome = await content.removeSlider(session, id);
    throw redirect(`${adminPaths.sliders}?done=${outcome}`);
  }
  throw new Response("Unknown action", { status: 400 });
}

const moveId = (id: number, direction: string) => `slider-${id}-${direction}`;

export default function Sliders({ loaderData }: Route.ComponentProps) {
  const { sliders, csrfToken, imageBaseUrl, done, moved, removing } = loaderData;
  // After a move with JavaScript, the focus stays on the slider's button (the other one when
  // it reached the end), so the keyboard can go on moving it.
  useEffect(() => {
    if (!moved) return;
    const other = moved.direction === "up" ? "down" : "up";
    (
      document.getElementById(moveId(moved.id, moved.direction)) ??
      document.getElementById(moveId(moved.id, other))
    )?.focus();
  }, [moved]);
  if (removing) {
    return (
      <section className="admin-panel" aria-labelledby="slider-remove-title">
        <h1 id="slider-remove-title" className="admin-title">
          {`Remove the slider “${removing.title}”?`}
        </h1>
        <p>The home page's banner stops showing it at once. This cannot be undone.</p>
        <div className="admin-actions">
          <Form method="post" action={adminPaths.sliders}>
            <FormToken token={csrfToken} />
            <input type="hidden" name="id" value={removing.id} />
            <button
              className="admin-button admin-button--danger"
              type="submit"
              name="intent"
              value="remove"
            >
              Remove slider
            </button>
          </Form>
          <Link className="admin-button admin-button--secondary" to={adminPaths.sliders}>
            Keep it
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="sliders-title">
      <div className="admin-editor__title-row">
        <h1 id="sliders-title" className="admin-title">
          Sliders
        </h1>
        <Link className="admin-button" to={`${adminPaths.sliders}/new`}>
          Add a slider
        </Link>
      </div>
      {doneNotice(done)}
      <p className="admin-field__hint">
        The home page's banner shows these in this order; each has 'Get Started Now' to its link and
        'Learn More' to the About page.
      </p>
      {sliders.length === 0 ? (
        <p className="admin-empty">No sliders: the home page shows no banner.</p>
      ) : (
        <ol className="admin-content__list" aria-label="Sliders in the order shown">
          {sliders.map((slider, index) => (
            <li key={slider.id} className="admin-content__item" id={`slider-${slider.id}`}>
              <img
                className="admin-content__thumb"
                src={`${imageBaseUrl}/sliders/${encodeURIComponent(slider.image_url)}`}
                alt=""
                width={192}
                height={80}
              />
              <div className="admin-content__text">
                <p className="admin-content__title">
                  <span className="visually-hidden">{`${index + 1}. `}</span>
                  {slider.title}
                </p>
                <p className="admin-content__meta">{`Link: ${slider.link}`}</p>
              </div>
              <div className="admin-row-actions">
                {index > 0 ? (
                  <MoveButton
                    id={slider.id}
                    direction="up"
                    title={slider.title}
                    csrfToken={csrfToken}
                  />
                ) : null}
                {index < sliders.length - 1 ? (
                  <MoveButton
                    id={slider.id}
                    direction="down"
                    title={slider.title}
                    csrfToken={csrfToken}
                  />
                ) : null}
                <Link
                  className="admin-button admin-button--quiet admin-button--small"
                  to={`${adminPaths.sliders}/${slider.id}`}
                >
                  Change<span className="visually-hidden">{` “${slider.title}”`}</span>
                </Link>
                <Link
                  className="admin-button admin-button--quiet admin-button--small"
                  to={`${adminPaths.sliders}?remove=${slider.id}`}
                >
                  Remove<span className="visually-hidden">{` “${slider.title}”`}</span>
                </Link>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function MoveButton({
  id,
  direction,
  title,
  csrfToken,
}: {
  id: number;
  direction: "up" | "down";
  title: string;
  csrfToken: string;
}) {
  return (
    <Form method="post" action={adminPaths.sliders} preventScrollReset>
      <FormToken token={csrfToken} />
      <input type="hidden" name="id" value={id} />
      <button
        className="admin-button admin-button--quiet admin-button--small"
        id={moveId(id, direction)}
        type="submit"
        name="intent"
        value={direction}
      >
        {direction === "up" ? "Move up" : "Move down"}
        <span className="visually-hidden">{` “${title}”`}</span>
      </button>
    </Form>
  );
}
