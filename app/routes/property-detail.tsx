import { redirect } from "react-router";
import { siteRequestContext } from "#app-context";
import { costParams } from "../../lib/monthly-cost.ts";
import { findSimilarHomes, similarTabSize } from "../../lib/similar-homes.ts";
import { PropertyEnquiryForm } from "../components/enquiry/property-enquiry-form.tsx";
import { goneHomePath } from "../components/home/gone-notice.tsx";
import { viewingParam, viewingRequested } from "../components/property/contact-bar.tsx";
import { withSanitizedDescription } from "../components/property/description.server.ts";
import { codesOf } from "../components/property/match-codes.ts";
import { PropertyPage } from "../components/property/property-page.tsx";
import { areaParam } from "../display-units.ts";
import { enquiryAction } from "../enquiry/enquiry-action.server.ts";
import { rootDataOf, routeMeta, seoSiteOf } from "../seo/meta.ts";
import { propertySeo } from "../seo/property-seo.ts";
import enquiryCss from "../styles/enquiry.css?url";
import type { Route } from "./+types/property-detail";

/**
 * The page shows areas in the unit its URL names (`?area=m2`) and the monthly cost of the
 * calculator's values (`price`, `deposit`, `rate`, `years`, decision 049), and its enquiry starts
 * as a viewing request for `?enquiry=viewing` (the contact bar's Book, decision 077): the page
 * cache keys it by those.
 */
export const handle = { searchParams: [areaParam, ...costParams, viewingParam] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: enquiryCss }];

/**
 * GET /property/show/one/{code}. SPEC §2/§8: a missing property or an empty answer sends the
 * visitor to the home page; a withdrawn listing's link to `/?gone={code}` (decision 072), where
 * the home page says the home is no longer on the market and shows similar ones. The
 * description is sanitised here, on the server, before it is
 * rendered as HTML. The enquiry form's puzzle is not: it comes from the puzzle endpoint, so
 * the page is the same for every visitor (decision 031).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const site = context.get(siteRequestContext);
  const { api } = site;
  const found = await api.getProperty(params.code);
  if (!found) {
    // A listing once on the market names itself to the home page, which says it is gone;
    // any other missing code goes to the home page itself, as SPEC §2 has it.
    const withdrawn = await api.getWithdrawnListing(params.code);
    throw redirect(withdrawn ? goneHomePath(params.code) : "/");
  }
  const property = await withSanitizedDescription(found);
  // The Similar tab's related properties, fetched by code (they also fill the shared
  // 'property' records), and the catalogue's cities and top prices for the sidebar's Advanced
  // Search (decision 074).
  const [properties, facets] = await Promise.all([
    api.findPropertiesByCodes(codesOf(property.related_product)),
    api.getSearchFacets(),
  ]);
  // SPEC §2's Similar tab stays hand-picked; fewer than three are topped up with homes like
  // this one (decision 072), never instead of them.
  const handPicked = properties.filter((related) => related.code !== property.code);
  const moreLikeThis = await findSimilarHomes(api.searchProperties, property, {
    count: similarTabSize - handPicked.length,
    exclude: handPicked.map((related) => related.code),
  });
  const viewing = viewingRequested(new URL(request.url).searchParams);
  return { property, properties, moreLikeThis, viewing, facets };
}

/** The 'Are you Interested?' form posts here; the enquiry goes to the API from the server. */
export function action(args: Route.ActionArgs) {
  return enquiryAction(args, "property", args.params.code);
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(
    args,
    args.loaderData && propertySeo(seoSiteOf(rootDataOf(args.matches)), args.loaderData.property),
  );

/** /property/{code}: one property's details, gallery, tabs and features, with the enquiry form. */
export default function PropertyDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { property, properties, moreLikeThis, viewing, facets } = loaderData;
  return (
    <PropertyPage
      property={property}
      properties={properties}
      moreLikeThis={moreLikeThis}
      facets={facets}
      enquiry={
        <PropertyEnquiryForm
          key={property.code}
          propertyCode={property.code}
          actionData={actionData}
          viewing={viewing}
        />
      }
    />
  );
}
