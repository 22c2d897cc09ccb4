/**
 * The home page's word about a listing link that led nowhere (decision 072). The property page
 * redirects a missing listing home (SPEC §2) to `/?gone={code}`: the notice comes from that
 * URL, never from a cookie, so the page stays the same for every visitor and cacheable
 * (decision 031), keyed by `gone` (the home route's handle).
 */
import type { Property } from "../../../lib/api-contract.ts";
import { findSimilarHomes } from "../../../lib/similar-homes.ts";
import type { ApiClient } from "../../api/client.server.ts";
import { PropertyCard } from "../property/property-card.tsx";

/** The home page's parameter naming the listing a visitor's link asked for. */
export const goneParam = "gone";

/** The home page's URL after a link to the listing `code` found nothing. */
export function goneHomePath(code: string): string {
  return `/?${new URLSearchParams({ [goneParam]: code })}`;
}

/** How many similar homes the notice about a withdrawn listing shows. */
const goneSimilarCount = 3;

/**
 * A withdrawn listing (published once, not now) and the homes like it, or an unknown code:
 * one never published, mistyped, or read from a §7 backend that cannot tell.
 */
export type GoneNotice = { kind: "withdrawn"; similar: Property[] } | { kind: "unknown" };

/** The notice for the home page's `gone` parameter; none without one. */
export async function loadGoneNotice(api: ApiClient, url: URL): Promise<GoneNotice | undefined> {
  const code = url.searchParams.get(goneParam);
  if (code === null) return undefined;
  const withdrawn = code === "" ? undefined : await api.getWithdrawnListing(code);
  if (withdrawn === undefined) return { kind: "unknown" };
  const similar = await findSimilarHomes(api.searchProperties, withdrawn, {
    count: goneSimilarCount,
  });
  return { kind: "withdrawn", similar };
}

export function GoneNoticeSection({ notice }: { notice: GoneNotice }) {
  const withdrawn = notice.kind === "withdrawn";
  return (
    <section className="gone-notice" aria-labelledby="gone-notice-title">
      <div className="container">
        <div className="gone-notice__panel">
          <h2 id="gone-notice-title" className="gone-notice__title">
            {withdrawn ? "That home is no longer on the market" : "We couldn’t find that home"}
          </h2>
          <p className="gone-notice__text">
            {withdrawn && notice.similar.length > 0
              ? "It has been let or sold, or taken off the market. These homes are like it:"
              : withdrawn
                ? "It has been let or sold, or taken off the market."
                : "The link may be mistyped, or the home may have been taken off the market."}{" "}
            {withdrawn && notice.similar.length > 0 ? null : (
              <a href="/property">Browse all homes</a>
            )}
          </p>
          {withdrawn && notice.similar.length > 0 ? (
            <ul className="property-grid">
              {notice.similar.map((property) => (
                <li key={property.code} className="property-grid__item">
                  <PropertyCard property={property} variant="grid" />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  );
}
