import type { Amenity } from "../../../lib/api-contract.ts";
import { amenityIconName, Icon } from "../icons.tsx";

export interface FeatureListProps {
  amenities: readonly Amenity[];
}

/** A property's amenities, each with its icon and title. */
export function FeatureList({ amenities }: FeatureListProps) {
  if (amenities.length === 0) {
    return <p className="feature-list__empty">No features listed for this property.</p>;
  }
  return (
    <ul className="feature-list column-list">
      {amenities.map((amenity) => (
        <li key={amenity.id} className="feature-list__item">
          <span className="feature-list__icon">
            <Icon name={amenityIconName(amenity.icon)} size={18} />
          </span>
          <span className="feature-list__title">{amenity.title}</span>
        </li>
      ))}
    </ul>
  );
}
