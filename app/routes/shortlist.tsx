import { useEffect, useRef } from "react";
import { siteRequestContext } from "#app-context";
import { maxCompareCodes, readPropertyCodes, shortlistPath } from "../../lib/property-codes.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { PropertyCard } from "../components/property/property-card.tsx";
import { RecentlyViewed } from "../components/recently-viewed/recently-viewed.tsx";
import {
  enhanceCompareForm,
  enhanceShortlistPage,
} from "../components/shortlist/enhance-shortlist.ts";
import { loadPropertiesByCode } from "../components/shortlist/properties-by-code.server.ts";
import { ShortlistToggle } from "../components/shortlist/shortlist-toggle.tsx";
import type { RouteHandle } from "../root.tsx";
import { routeMeta } from "../seo/meta.ts";
import { useSiteSettings } from "../site-settings.ts";
import type { Route } from "./+types/shortlist";

/** The page is a function of its codes only (decision 028's cache key, decision 047). */
export const handle: RouteHandle = { searchParams: ["codes"] };

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Your Shortlist",
    description: "The properties you keep on your shortlist, side by side with their details.",
    canonicalPath: null,
    robots: "noindex",
  });

/** `/shortlist?codes=…`: the listed properties, read through the §7 client. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const codes = readPropertyCodes(new URL(request.url).searchParams);
  return loadPropertiesByCode(context.get(siteRequestContext).api, codes);
}

/**
 * /shortlist: the shortlist of the address's codes, rendered on the server, so the address is
 * the list and can be shared. The visitor's own list lives in their browser: with JavaScript,
 * `/shortlist` without codes moves to the stored list's address. A code whose property is no
 * longer published keeps its place, saying so. The list is a form: ticking two to four and
 * sending it opens their comparison (works without JavaScript).
 */
/** The live note beside a property's compare tick, which the tick names as its description. */
const compareNoteIdOf = (code: string) => `compare-note-${code}`;

export default function Shortlist({ loaderData }: Route.ComponentProps) {
  const { codes, properties } = loaderData;
  const byCode = new Map(properties.map((property) => [property.code, property]));
  const { siteUrl } = useSiteSettings();
  const pageRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => (pageRef.current ? enhanceShortlistPage(pageRef.current) : undefined), []);
  useEffect(() => (formRef.current ? enhanceCompareForm(formRef.current) : undefined), []);

  return (
    <>
      <PageBanner title="Shortlist" heading="Your Shortlist" />
      <div ref={pageRef} className="container shortlist" data-enhance="shortlist-page">
        {codes.length === 0 ? (
          <div className="shortlist__empty">
            <p className="shortlist__empty-title">Your shortlist is empty.</p>
            <p>
              Press the heart on any property to keep it here. Your shortlist stays in this browser:
              no account needed.
            </p>
            <p data-shortlist-no-script>
              Keeping a shortlist needs JavaScript. A shared shortlist link opens without it.
            </p>
            <a className="button button--primary" href="/property">
              Browse properties
            </a>
          </div>
        ) : (
          <form
            ref={formRef}
            className="shortlist__form"
            method="get"
            action="/compare"
            aria-label="Shortlist"
            data-enhance="compare-form"
          >
            <p className="shortlist__intro">
              {codes.length === 1 ? "1 property" : `${codes.length} properties`}. Tick two to{" "}
              {maxCompareCodes} to compare them side by side.
            </p>
            <ul className="shortlist__list">
              {codes.map((code) => {
                const property = byCode.get(code);
                return (
                  <li key={code} className="shortlist__item">
                    {property ? (
                      <>
                        <PropertyCard property={property} variant="row" headingLevel={2} />
                        <div className="shortlist__compare-row">
                          <label className="shortlist__compare">
                            <input
                              type="checkbox"
                              name="codes"
                              value={code}
                              aria-describedby={compareNoteIdOf(code)}
                            />
                            <span>
                              Compare<span className="visually-hidden"> {property.headline}</span>
                            </span>
                          </label>
                          {/* Beside the tick, so a refused fifth says why where it was pressed:
                            the script writes the first span; without it, the shortlist's CSS
                            shows the second beside each tick past the fourth. */}
                          <p
                            id={compareNoteIdOf(code)}
                            className="shortlist__compare-note"
                            role="status"
                          >
                            <span data-compare-note />
                            <span className="shortlist__compare-over">
                              You can compare up to {maxCompareCodes} properties at a time: this one
                              will be left out. Untick one to choose another.
                            </span>
                          </p>
                        </div>
                      </>
                    ) : (
                      <div className="shortlist-missing" data-missing-code={code}>
                        <h2 className="shortlist-missing__code">{code}</h2>
                        <p className="shortlist-missing__text">
                          This property is no longer available.
                        </p>
                        <ShortlistToggle code={code} name={code} look="label" />
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="shortlist__actions">
              <button type="submit" className="button button--primary">
                Compare selected
              </button>
              <p className="shortlist__status" role="status" data-compare-status />
            </div>
            <p className="shortlist__share">
              <label htmlFor="shortlist-share">Link to this list</label>
              <input
                id="shortlist-share"
                className="shortlist__share-link"
                type="text"
                readOnly
                value={`${siteUrl}${shortlistPath(codes)}`}
              />
            </p>
          </form>
        )}
        <RecentlyViewed className="shortlist__recent" />
      </div>
    </>
  );
}
