import type { ReactNode } from "react";
import { siteRequestContext } from "#app-context";
import type { Amenity, Property } from "../../lib/api-contract.ts";
import { formatListingAge, formatListingPrice } from "../../lib/format.ts";
import {
  comparePath,
  maxCompareCodes,
  readCompareCodes,
  shortlistPath,
} from "../../lib/property-codes.ts";
import { fieldsShownIn, type SchemaFieldName, shownFields } from "../../lib/property-fields.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { featureIdsOf, matchAmenities } from "../components/property/match-codes.ts";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { loadPropertiesByCode } from "../components/shortlist/properties-by-code.server.ts";
import { ShortlistToggle } from "../components/shortlist/shortlist-toggle.tsx";
import type { RouteHandle } from "../root.tsx";
import { routeMeta } from "../seo/meta.ts";
import { useRecords } from "../store/records.ts";
import type { Route } from "./+types/compare";

export const handle: RouteHandle = { searchParams: ["codes"] };

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Compare Properties",
    description: "Up to four properties side by side: price, rooms, size, amenities and more.",
    canonicalPath: null,
    robots: "noindex",
  });

/** `/compare?codes=…`: the first four listed properties; the rest are refused. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { codes, refused } = readCompareCodes(new URL(request.url).searchParams);
  const loaded = await loadPropertiesByCode(context.get(siteRequestContext).api, codes);
  // The listings' ages are told against the time of this render, on the server and in the
  // browser alike.
  return { ...loaded, refused, now: new Date().toISOString() };
}

/** One line of the table: its label and each property's value. */
interface CompareRow {
  label: string;
  /** The value shown. */
  show: (property: Property) => ReactNode;
  /** What makes two values the same. */
  key: (property: Property) => string;
}

function rowsOf(amenities: readonly Amenity[], now: Date, withStatus: boolean): CompareRow[] {
  // The fields lib/property-fields.ts compares, in its order; a choice not given reads "—".
  const shownValue = (property: Property, name: SchemaFieldName) =>
    shownFields("compare", property).find((field) => field.name === name);
  const tableRows = fieldsShownIn("compare").map(
    ({ name, label, display }): CompareRow => ({
      label,
      show: (p) => {
        const value = shownValue(p, name)?.value ?? "";
        if (display === "area") return `${Number(value).toLocaleString("en-US")} sq ft`;
        return value === "" ? "—" : String(value);
      },
      key: (p) => String(shownValue(p, name)?.value ?? ""),
    }),
  );
  const amenitiesOf = (property: Property) =>
    matchAmenities(featureIdsOf(property.features), amenities);
  const rows: CompareRow[] = [
    {
      label: "Price",
      show: (p) => formatListingPrice(p),
      key: (p) => formatListingPrice(p),
    },
    { label: "Offer", show: (p) => p.offer_type || "—", key: (p) => p.offer_type },
    ...tableRows,
    {
      label: "Amenities",
      show: (p) => {
        const list = amenitiesOf(p);
        return list.length === 0 ? (
          "None listed"
        ) : (
          <ul className="compare-table__amenities">
            {list.map((amenity) => (
              <li key={amenity.id}>{amenity.title}</li>
            ))}
          </ul>
        );
      },
      key: (p) =>
        amenitiesOf(p)
          .map((amenity) => amenity.id)
          .sort((a, b) => a - b)
          .join(","),
    },
  ];
  if (withStatus) {
    rows.push({
      label: "Status",
      show: (p) => p.property_status || "—",
      key: (p) => p.property_status,
    });
  }
  rows.push({
    label: "Listed",
    show: (p) => <time dateTime={p.created_at}>{formatListingAge(p.created_at, now)}</time>,
    key: (p) => formatListingAge(p.created_at, now),
  });
  return rows;
}

const join = (codes: readonly string[]) =>
  codes.length === 1 ? codes[0] : `${codes.slice(0, -1).join(", ")} and ${codes.at(-1)}`;

/**
 * /compare: up to four properties side by side. Rows whose values differ say 'Differs' (and
 * are tinted); a switch shows those rows alone. The table scrolls sideways on a phone with the
 * row labels kept in view. Works without JavaScript.
 */
export default function Compare({ loaderData }: Route.ComponentProps) {
  const { codes, properties, missing, refused } = loaderData;
  const { amenity } = useRecords();
  const rows = rowsOf(
    amenity,
    new Date(loaderData.now),
    properties.some((property) => property.property_status !== ""),
  );
  const count = properties.length;

  return (
    <>
      <PageBanner title="Compare" heading="Compare Properties" />
      <div className="container compare">
        {refused.length > 0 ? (
          <p className="compare__notice" role="alert">
            You can compare up to {maxCompareCodes} properties at a time: {join(refused)}{" "}
            {refused.length === 1 ? "was" : "were"} left out.
          </p>
        ) : null}
        {missing.length > 0 ? (
          <p className="compare__notice">
            {join(missing)} {missing.length === 1 ? "is" : "are"} no longer available, so{" "}
            {missing.length === 1 ? "it is" : "they are"} not compared.
          </p>
        ) : null}
        {count === 0 ? (
          <div className="compare__empty">
            <p className="compare__empty-title">Nothing to compare yet.</p>
            <p>
              Keep properties on your shortlist with the heart, then tick two to {maxCompareCodes}{" "}
              there and choose Compare selected.
            </p>
            <a className="button button--primary" href="/shortlist">
              Your shortlist
            </a>
          </div>
        ) : (
          <>
            <div className="compare__tools">
              <p>
                {count === 1 ? "1 property" : `${count} properties`} side by side
                {count > 1 ? ". Rows marked 'Differs' are not the same for all." : "."}
              </p>
              {count > 1 ? (
                <label className="compare__only-differences">
                  <input type="checkbox" />
                  <span>Show only the differences</span>
                </label>
              ) : (
                <p>Add another property to compare it with this one.</p>
              )}
              <a href={shortlistPath(codes)}>Open these as a shortlist</a>
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, so a keyboard can scroll it (WCAG 2.1.1, axe's scrollable-region-focusable). */}
            <section className="compare-scroll" aria-labelledby="compare-caption" tabIndex={0}>
              <table className="compare-table" style={{ ["--compare-columns" as string]: count }}>
                <caption id="compare-caption" className="visually-hidden">
                  {count === 1 ? "1 property" : `${count} properties`} side by side
                </caption>
                <thead>
                  <tr>
                    <td className="compare-table__corner" />
                    {properties.map((property) => (
                      <th key={property.code} scope="col" className="compare-table__property">
                        <ResponsiveImage
                          className="compare-table__image"
                          folder="property"
                          file={property.cover_image}
                          alt=""
                          width={320}
                          height={213}
                          sizes="(min-width: 768px) 240px, 160px"
                        />
                        <a
                          className="compare-table__headline"
                          href={`/property/${encodeURIComponent(property.slug)}`}
                        >
                          {property.headline}
                        </a>
                        <span className="compare-table__address">{property.address}</span>
                        <span className="compare-table__actions">
                          <ShortlistToggle code={property.code} name={property.headline} />
                          <a
                            href={comparePath(codes.filter((code) => code !== property.code))}
                            className="compare-table__remove"
                          >
                            Remove<span className="visually-hidden"> {property.headline}</span>
                          </a>
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const differs = count > 1 && new Set(properties.map(row.key)).size > 1;
                    return (
                      <tr
                        key={row.label}
                        className={differs ? "compare-table__row--differs" : undefined}
                        data-differs={differs ? "true" : undefined}
                      >
                        <th scope="row">
                          {row.label}
                          {differs ? <span className="compare-table__differs">Differs</span> : null}
                        </th>
                        {properties.map((property) => (
                          <td key={property.code}>{row.show(property)}</td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          </>
        )}
      </div>
    </>
  );
}
