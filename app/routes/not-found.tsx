import { useId } from "react";
import { data, Link } from "react-router";
import { Icon } from "../components/icons.tsx";
import { notFoundSeo, routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/not-found";

/** Any unknown path: the 404 page, served with HTTP status 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

/** Never indexed. */
export const meta: Route.MetaFunction = (args) => routeMeta(args, notFoundSeo);

export default function NotFound() {
  const id = useId();
  return (
    <section className="not-found" aria-labelledby={`${id}-title`}>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title" id={`${id}-title`}>
        Ooops, This Page Could Not Be Found!
      </h1>
      <p className="not-found__text">
        The page you are looking for might have been removed, had its name changed, or is
        temporarily unavailable.
      </p>
      <p className="not-found__hint">Please try searching again</p>
      <search className="not-found__search">
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          Search
        </label>
        <input
          className="not-found__input"
          id={`${id}-search`}
          type="search"
          placeholder="Search…"
        />
        <button type="button" className="button button--primary not-found__button">
          <Icon name="search" size={18} />
          Search
        </button>
      </search>
      <Link to="/" className="not-found__home">
        Back to home
      </Link>
    </section>
  );
}
