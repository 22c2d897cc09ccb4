import type { ReactNode } from "react";
import type { Property } from "../../../lib/api-contract.ts";
import { availabilityLabels } from "../../../lib/availability.ts";
import { formatWholeAmount } from "../../../lib/format.ts";
import { shownFields } from "../../../lib/property-fields.ts";
import { useDisplayUnits } from "../../display-units.ts";
import { PropertyMap } from "../map/property-map.tsx";
import { Area } from "../units/area.tsx";
import { googleMapFrameUrl, googleMapsLink, propertyVideo } from "./embeds.ts";
import { FloorPlans } from "./floor-plans.tsx";
import { MapFrame } from "./map-frame.tsx";
import { PropertyCard } from "./property-card.tsx";
import { PropertyVideo } from "./property-video.tsx";
import { Tabs } from "./tabs.tsx";

export interface PropertyTabsProps {
  property: Property;
  /** The related properties, already matched against the property list. */
  similar: readonly Property[];
  /** Homes like this one, shown beside a short hand-picked list (decision 072). */
  moreLikeThis?: readonly Property[];
}

/** A list of property cards in the Similar tab. */
function SimilarGrid({ properties }: { properties: readonly Property[] }) {
  return (
    <ul className="property-grid property-grid--similar">
      {properties.map((related) => (
        <li key={related.code} className="property-grid__item">
          <PropertyCard property={related} variant="grid" />
        </li>
      ))}
    </ul>
  );
}

function DetailList({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="property-details">
      {rows.map(([term, value]) => (
        <div key={term} className="property-details__row">
          <dt className="property-details__term">{term}</dt>
          <dd className="property-details__value">{value === "" ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The detail page's tabs: Description, Floor Plans, Details, Video, Location, Similar. SPEC §2
 * lists them on every property, so the Video tab stays, saying so, when there is no video it can
 * play (decision 049), and the Floor Plans tab when the property has no plans (decision 052).
 */
export function PropertyTabs({ property, similar, moreLikeThis = [] }: PropertyTabsProps) {
  const { currency } = useDisplayUnits();
  const video = propertyVideo(property.youtube);
  const { latitude, longitude } = property;
  const placed = latitude != null && longitude != null;
  const googleLink = googleMapsLink(property.google_map, latitude, longitude);
  const googleFrame = googleMapFrameUrl(property.google_map);
  const place = [property.address, property.city, property.province, property.country]
    .filter((part) => part !== "")
    .join(", ");

  return (
    <Tabs
      label="Property information"
      items={[
        {
          key: "description",
          label: "Description",
          content: (
            <div
              className="property-description"
              // SPEC §3: description is HTML; the detail loader sanitised it with an allow-list.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the loader.
              dangerouslySetInnerHTML={{ __html: property.description }}
            />
          ),
        },
        {
          key: "floor-plans",
          label: "Floor Plans",
          content: <FloorPlans plans={property.floor_plans ?? []} headline={property.headline} />,
        },
        {
          key: "details",
          label: "Details",
          content: (
            <DetailList
              rows={[
                ["Reference No", property.reference_no],
                ["Property Status", property.property_status],
                ...(property.availability
                  ? [
                      ["Availability", availabilityLabels[property.availability]] as [
                        string,
                        string,
                      ],
                    ]
                  : []),
                ["Offer Type", property.offer_type],
                // The fields lib/property-fields.ts shows here, in its order.
                ...shownFields("details", property).map(
                  ({ name, label, value, display }): [string, ReactNode] => [
                    label,
                    display === "area" ? (
                      <Area key={name} squareFeet={Number(value)} />
                    ) : display === "money" ? (
                      formatWholeAmount(Number(value), currency)
                    ) : (
                      value
                    ),
                  ],
                ),
                ["City", property.city],
                ["Province", property.province],
                ["Country", property.country],
              ]}
            />
          ),
        },
        {
          key: "video",
          label: "Video",
          content: video ? (
            <PropertyVideo
              video={video}
              headline={property.headline}
              cover={property.cover_image}
            />
          ) : (
            <p className="property-embed__empty">No video available for this property.</p>
          ),
        },
        {
          key: "location",
          label: "Location",
          content: (
            <>
              {place ? <p className="property-location__address">{place}</p> : null}
              {placed ? (
                <PropertyMap
                  label={`Map of ${property.headline}`}
                  place={{ latitude, longitude, title: property.headline }}
                  fallback="The map needs JavaScript: the address above says where the property is."
                />
              ) : googleFrame ? null : (
                <p className="property-embed__empty">No map available for this property.</p>
              )}
              {googleFrame ? <MapFrame src={googleFrame} headline={property.headline} /> : null}
              {googleLink ? (
                <p className="property-location__external">
                  <a href={googleLink} rel="noopener noreferrer external">
                    Open in Google Maps
                  </a>
                </p>
              ) : null}
            </>
          ),
        },
        {
          key: "similar",
          label: "Similar Properties",
          content: (
            <>
              {similar.length > 0 ? <SimilarGrid properties={similar} /> : null}
              {similar.length === 0 && moreLikeThis.length === 0 ? (
                <p className="property-embed__empty">No similar properties listed.</p>
              ) : null}
              {moreLikeThis.length > 0 ? (
                <section className="more-like-this" aria-labelledby="more-like-this-title">
                  <h3 id="more-like-this-title" className="more-like-this__title">
                    More homes like this
                  </h3>
                  <SimilarGrid properties={moreLikeThis} />
                </section>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}
