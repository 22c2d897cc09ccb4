/**
 * A listing's matching applicants (decision 103), for every signed-in member of staff: those
 * who agreed to be mailed homes and have not been sent this listing at its price, and one
 * button that queues one mail to each of them (a new listing, or one reduced since); then
 * the other matching applicants (no consent, or sent it already), shown and not mailed.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminApplicantsContext } from "#app-context";
import { applicantPath, listingApplicantsPath } from "../../../lib/applicant-admin.ts";
import { formatListingPrice } from "../../../lib/format.ts";
import { readRentPeriod } from "../../../lib/rent-period.ts";
import { FormToken } from "../../admin/form-field.tsx";
import {
  adminMeta,
  adminPaths,
  doneParam,
  figuresPath,
  staffSessionContext,
} from "../../admin/staff.ts";
import type { Route } from "./+types/applicant-listing";

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(`Applicants for ${params.code ?? "a listing"}`);

const noListing = () => data({ message: "There is no such listing." }, { status: 404 });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const found = await context
    .get(adminApplicantsContext)
    .listingApplicants(session, params.code ?? "");
  if (!found) throw noListing();
  const url = new URL(request.url);
  return {
    ...found,
    csrfToken: session.csrfToken,
    offered:
      url.searchParams.get(doneParam) === "offered"
        ? Number(url.searchParams.get("count") ?? "0") || 0
        : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const form = await request.formData();
  if (form.get("intent") !== "offer") {
    throw data({ message: "This request is not one the page sends." }, { status: 400 });
  }
  const code = params.code ?? "";
  const queued = await context.get(adminApplicantsContext).offerListing(session, code);
  if (queued === null) throw noListing();
  return redirect(`${listingApplicantsPath(code)}?${doneParam}=offered&count=${queued}`);
}

export default function ApplicantListing({ loaderData }: Route.ComponentProps) {
  const { listing, toOffer, moreToOffer, others, csrfToken, offered } = loaderData;
  const { code } = listing;
  const price = formatListingPrice({
    price: listing.price,
    offer_type: listing.offerType,
    rent_period: readRentPeriod(listing.rentPeriod) ?? null,
  });
  const person = (applicant: { id: number; name: string; email: string }) => (
    <li key={applicant.id} className="applicant-people__person">
      <Link to={applicantPath(applicant.id)}>{applicant.name || applicant.email}</Link>{" "}
      <span className="applicant-matches__facts">{applicant.email}</span>
    </li>
  );
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="listing-applicants-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.listings}>Listings</Link>
        {" · "}
        <Link to={`${adminPaths.listings}/${encodeURIComponent(code)}/edit`}>{`Edit ${code}`}</Link>
        {" · "}
        <Link to={figuresPath(code)}>Figures</Link>
      </p>
      <h1 id="listing-applicants-title" className="admin-title">
        {`Applicants for ${code}`}
      </h1>
      <p>{`${listing.headline}, ${price}`}</p>
      {offered !== null ? (
        <div className="admin-notice admin-notice--success" role="status">
          {offered === 0
            ? "Nobody new to offer it to: every matching applicant who agreed has been sent it at this price."
            : `${offered === 1 ? "1 mail is" : `${offered} mails are`} queued, one to each applicant.`}
        </div>
      ) : null}
      <h2 className="admin-subtitle">To offer it to</h2>
      {!listing.published || !listing.onMarket ? (
        <p>
          {listing.published
            ? "This listing is no longer on the market: it is offered to nobody."
            : "This listing is not published: publish it before offering it."}
        </p>
      ) : toOffer.length === 0 ? (
        <p>No matching applicant who agreed to be mailed homes is waiting for it at this price.</p>
      ) : (
        <>
          <p>
            {toOffer.length === 1
              ? "1 applicant who agreed to be mailed homes matches it and has not been sent it at this price."
              : `${toOffer.length}${moreToOffer ? "+" : ""} applicants who agreed to be mailed homes match it and have not been sent it at this price.`}
          </p>
          <ul className="applicant-people">{toOffer.map(person)}</ul>
          <Form method="post">
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="offer" />
            <button className="admin-button" type="submit">
              {`Offer ${code} to ${toOffer.length === 1 ? "this applicant" : "these applicants"}`}
            </button>
          </Form>
        </>
      )}
      <h2 className="admin-subtitle">Also matching</h2>
      {others.length === 0 ? (
        <p>Nobody else.</p>
      ) : (
        <>
          <p>Not mailed: they have not agreed to homes by e-mail, or were sent it already.</p>
          <ul className="applicant-people">{others.map(person)}</ul>
        </>
      )}
    </section>
  );
}
