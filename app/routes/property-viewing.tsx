/**
 * /property/{code}/viewing (decision 101): a listing's next free viewing times, and the form
 * that books one. Per visitor (its puzzle, the times left), so never kept by the page cache
 * nor by any other cache, and not indexed. A listing no longer on the site sends the visitor
 * home, as its page does; one without hours says so and points to its enquiry form.
 */
import { data, redirect } from "react-router";
import { siteRequestContext, viewingsContext } from "#app-context";
import { viewingMessages } from "../../lib/viewing-booking.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { goneHomePath } from "../components/home/gone-notice.tsx";
import { viewingPath } from "../components/property/contact-bar.tsx";
import { issuePuzzle } from "../enquiry/puzzle-token.server.ts";
import { propertyPath } from "../seo/json-ld.ts";
import { routeMeta } from "../seo/meta.ts";
import enquiryCss from "../styles/enquiry.css?url";
import viewingCss from "../styles/viewing.css?url";
import { bookViewingAction } from "../viewing/booking-action.server.ts";
import { BookingForm } from "../viewing/booking-form.tsx";
import type { Route } from "./+types/property-viewing";

const pageHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
} as const;

export const headers: Route.HeadersFunction = () => pageHeaders;

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: enquiryCss },
  { rel: "stylesheet", href: viewingCss },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const site = context.get(siteRequestContext);
  const view = await context.get(viewingsContext).slots(params.code);
  if (!view) {
    const withdrawn = await site.api.getWithdrawnListing(params.code);
    throw redirect(withdrawn ? goneHomePath(params.code) : "/");
  }
  return data({ view, puzzle: issuePuzzle(site.config.puzzleSecret) }, { headers: pageHeaders });
}

export function action(args: Route.ActionArgs) {
  return bookViewingAction(args);
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData
      ? `Book a viewing: ${args.loaderData.view.listing.headline}`
      : "Book a viewing",
    description: "Choose a time to see this home.",
    canonicalPath: null,
    robots: "noindex",
  });

export default function PropertyViewing({ loaderData, actionData }: Route.ComponentProps) {
  const { view, puzzle } = loaderData;
  const { listing } = view;
  const homePath = propertyPath(listing);
  const booked = actionData?.outcome === "booked" ? actionData.viewing : undefined;
  const refused = actionData?.outcome === "error" ? actionData : undefined;
  return (
    <>
      <PageBanner
        title="Book a viewing"
        within={[{ name: listing.headline || listing.code, path: homePath }]}
      />
      <div className="container viewing-page">
        <header className="viewing-page__home">
          <h2 className="viewing-page__headline">
            <a href={homePath}>{listing.headline || listing.code}</a>
          </h2>
          {listing.address ? <p className="viewing-page__address">{listing.address}</p> : null}
        </header>
        {booked ? (
          <section className="viewing-page__done" role="status" aria-labelledby="viewing-done">
            <h2 id="viewing-done" className="viewing-page__done-title">
              {viewingMessages.booked}
            </h2>
            <p className="viewing-page__when">{booked.when}</p>
            <p>{viewingMessages.bookedDetail}</p>
            <p>
              <a className="button button--primary" href={homePath}>
                Back to the home
              </a>
            </p>
          </section>
        ) : !view.bookable || view.days.length === 0 ? (
          <section className="viewing-page__none">
            <p>{view.bookable ? viewingMessages.noFreeSlots : viewingMessages.noAvailability}</p>
            <p>
              <a className="button button--primary" href={viewingPath(listing)}>
                Ask for a viewing
              </a>
            </p>
          </section>
        ) : (
          <BookingForm
            view={view}
            puzzle={puzzle}
            values={refused?.values}
            errors={refused?.errors ?? {}}
            message={refused?.message}
          />
        )}
      </div>
    </>
  );
}
