/**
 * /admin/listings/{code}/preview: a listing as its public page would show it, whatever its state
 * (decision 070), for signed-in staff only. The public address of a listing that is not
 * published still sends visitors home (SPEC §2/§8); this is where the back office's "Public
 * page (not live)" leads instead.
 *
 * Rendered like a public page (app/hydration.ts): the site's frame and the property page's own
 * components (PropertyPage) as server HTML run by the enhancement module, so tabs, photos and
 * floor plans behave as they will for visitors. Under /admin, every answer is `no-store,
 * private` and `noindex, nofollow` (server/staff/admin-headers.ts), the page cache never keeps
 * it (`isCacheablePath`), and the deployment guide's nginx passes /admin by uncached.
 */
import { data } from "react-router";
import { adminListingsContext, siteRequestContext } from "#app-context";
import { adminListingStatusNames, type ListingPreview } from "../../../lib/admin-listings.ts";
import { editPath } from "../../admin/listing-editing.ts";
import { adminMeta, signedInOnly, staffSessionContext } from "../../admin/staff.ts";
import { withSanitizedDescription } from "../../components/property/description.server.ts";
import { codesOf } from "../../components/property/match-codes.ts";
import { PropertyPage } from "../../components/property/property-page.tsx";
import { propertyPath } from "../../seo/json-ld.ts";
import previewCss from "../../styles/preview.css?url";
import type { Route } from "./+types/listing-preview";

export const middleware: Route.MiddlewareFunction[] = [signedInOnly];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: previewCss }];

export const meta: Route.MetaFunction = ({ loaderData, params }) =>
  adminMeta(`Preview: ${loaderData?.property.headline ?? params.code}`);

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const { api } = context.get(siteRequestContext);
  const listings = context.get(adminListingsContext);
  const preview = await listings.preview(session, params.code);
  if (!preview) throw data({ message: "There is no listing with this code." }, { status: 404 });
  const property = await withSanitizedDescription(preview.property);
  // The Similar tab's related properties: the published ones, as visitors would see them.
  const properties = await api.findPropertiesByCodes(codesOf(property.related_product));
  return { property, properties, status: preview.status };
}

/** What the banner says of each state. */
const stateNotes: Record<ListingPreview["status"], string> = {
  published: "It is published: visitors see this page at its public address.",
  unpublished:
    "It is not live: the public site does not show it, and its public address sends visitors to the home page.",
  archived:
    "It is archived, so not live: the public site does not show it, and its public address sends visitors to the home page.",
};

function PreviewBanner({ code, property, status }: ListingPreview & { code: string }) {
  return (
    <section className="preview-banner" aria-labelledby="preview-banner-title">
      <div className="container preview-banner__inner">
        <p className="preview-banner__text">
          <strong id="preview-banner-title" className="preview-banner__title">
            {`Preview · ${adminListingStatusNames[status]}`}
          </strong>{" "}
          {`This is how ${code}'s page looks. ${stateNotes[status]}`}
        </p>
        <p className="preview-banner__links">
          <a href={editPath(code)}>Back to the editor</a>
          {status === "published" ? <a href={propertyPath(property)}>View on the site</a> : null}
        </p>
      </div>
    </section>
  );
}

export default function ListingPreviewPage({ loaderData, params }: Route.ComponentProps) {
  const { property, properties, status } = loaderData;
  return (
    <>
      <PreviewBanner code={params.code} property={property} status={status} />
      <PropertyPage
        property={property}
        properties={properties}
        rememberViewed={false}
        enquiry={
          <section className="sidebar-widget preview-enquiry" aria-labelledby="preview-enquiry">
            <h2 id="preview-enquiry" className="sidebar-widget__title">
              Enquiry form
            </h2>
            <p>
              Visitors send enquiries about this listing from a form here. The preview sends none.
            </p>
          </section>
        }
      />
    </>
  );
}
