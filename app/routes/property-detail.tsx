import { redirect } from "react-router";
import { siteRequestContext } from "#app-context";
import { costParams } from "../../lib/monthly-cost.ts";
import { PropertyEnquiryForm } from "../components/enquiry/property-enquiry-form.tsx";
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
 * calculator's values (`price`, `deposit`, `rate`, `years`, decision 049): the page cache keys it
 * by those.
 */
export const handle = { searchParams: [areaParam, ...costParams] };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: enquiryCss }];

/**
 * GET /property/show/one/{code}. SPEC §2/§8: a missing property or an empty answer sends the
 * visitor to the home page. The description is sanitised here, on the server, before it is
 * rendered as HTML. The enquiry form's puzzle is not: it comes from the puzzle endpoint, so
 * the page is the same for every visitor (decision 031).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const site = context.get(siteRequestContext);
  const { api } = site;
  const found = await api.getProperty(params.code);
  if (!found) throw redirect("/");
  const property = await withSanitizedDescription(found);
  // The Similar tab's related properties, fetched by code (they also fill the shared
  // 'property' records).
  const properties = await api.findPropertiesByCodes(codesOf(property.related_product));
  return { property, properties };
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
  const { property, properties } = loaderData;
  return (
    <PropertyPage
      property={property}
      properties={properties}
      enquiry={
        <PropertyEnquiryForm
          key={property.code}
          propertyCode={property.code}
          actionData={actionData}
        />
      }
    />
  );
}
