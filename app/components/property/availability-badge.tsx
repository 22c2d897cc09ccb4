import { type Availability, availabilityLabels, isTaken } from "../../../lib/availability.ts";

/**
 * A listing's availability as a badge: 'Under offer', 'Sold STC' or 'Let agreed'; nothing for
 * an available listing (decision 046).
 */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  if (!isTaken(availability)) return null;
  return (
    <span className={`listing-badge listing-badge--availability listing-badge--${availability}`}>
      {availabilityLabels[availability]}
    </span>
  );
}
