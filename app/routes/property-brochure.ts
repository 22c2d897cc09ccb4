import { redirect } from "react-router";
import { siteRequestContext } from "#app-context";
import { pdfContentSecurityPolicy } from "../../lib/pdf-policy.ts";
import {
  BrochureBusyError,
  brochureVersion,
  findOrMakeBrochure,
} from "../brochure/brochure-cache.server.ts";
import {
  type BrochureSettings,
  brochureContent,
  type FloorPlan,
} from "../brochure/brochure-content.server.ts";
import { drawBrochureInWorker } from "../brochure/brochure-pool.server.ts";
import { withSanitizedDescription } from "../components/property/description.server.ts";
import { featureIdsOf, imageFilesOf, matchAmenities } from "../components/property/match-codes.ts";
import { propertyPath } from "../seo/json-ld.ts";
import { absoluteUrl } from "../seo/meta.ts";
import { imageUrl } from "../site-settings.ts";
import type { Route } from "./+types/property-brochure";

/**
 * Browsers and proxies revalidate every time (the ETag answers 304 until the listing changes),
 * as they do for the site's pages; the PDF is not indexed apart from its page. It carries the
 * PDFs' policy, not the pages' (decision 065).
 */
const brochureHeaders = {
  "cache-control": "public, no-cache",
  "x-robots-tag": "noindex",
  "content-security-policy": pdfContentSecurityPolicy,
};

/** Whether an If-None-Match header names `etag` (weak comparison, as the header asks). */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A download name made of the slug's safe characters: 'harbour-flat-brochure.pdf'. */
function fileNameOf(slug: string): string {
  const safe = slug.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+/, "");
  return `${safe || "property"}-brochure.pdf`;
}

/**
 * /property/{slug}/brochure.pdf (decision 053): the property's PDF brochure, made on the server
 * from the same §7 answers as its page, kept by their version and made again when the listing
 * (or the company profile, or the amenities) changes. A missing property sends the visitor to
 * the home page, as its page does (SPEC §2/§8).
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api, config, readImage } = context.get(siteRequestContext);
  const found = await api.getProperty(params.code);
  if (!found) throw redirect("/");
  const [property, profile, amenities] = await Promise.all([
    withSanitizedDescription(found),
    api.getCompanyProfile(),
    api.getAmenities(),
  ]);
  // The plans' files are read like photos: under the image base's /property/ folder.
  const floorPlans: FloorPlan[] = (property.floor_plans ?? []).map((plan) => ({
    label: plan.label,
    url: imageUrl(config.imageBaseUrl, "property", plan.file),
    kind: plan.kind,
  }));
  const sources = {
    property,
    amenities: matchAmenities(featureIdsOf(property.features), amenities),
    profile,
    floorPlans,
    imageFiles: imageFilesOf(property),
  };
  const settings: BrochureSettings = {
    siteUrl: config.siteUrl,
    imageBaseUrl: config.imageBaseUrl,
    imageDerivatives: config.imageDerivatives,
    currency: config.currency,
    areaUnit: config.areaUnit,
  };
  const version = brochureVersion({ sources, settings });
  const etag = `"${version}"`;
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers: { ...brochureHeaders, etag } });
  }
  const pageUrl = absoluteUrl(config.siteUrl, propertyPath(property));
  let pdf: Buffer;
  try {
    pdf = await findOrMakeBrochure(version, async () =>
      drawBrochureInWorker(await brochureContent(sources, settings, pageUrl, readImage)),
    );
  } catch (error) {
    if (!(error instanceof BrochureBusyError)) throw error;
    return new Response("Brochures are busy; please try again in a few seconds.\n", {
      status: 503,
      headers: {
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
        "retry-after": "5",
      },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...brochureHeaders,
      etag,
      "content-type": "application/pdf",
      "content-length": String(pdf.length),
      "content-disposition": `inline; filename="${fileNameOf(property.slug)}"`,
    },
  });
}
