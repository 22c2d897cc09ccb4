/**
 * The listing editor's position check (decision 069): a pin far from where the city's other
 * listings stand (or that is right once latitude and longitude are swapped) is flagged, and a
 * save of it is refused until staff confirm that very position. The editor's live check and
 * the save (so a form posted without JavaScript too) run this one function.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { cityPositions } from "../../db/queries/listing-location.ts";
import {
  middleOf,
  type Placement,
  type Position,
  placementOf,
  placementWarning,
} from "../../lib/listing-location.ts";

export interface LocationCheck {
  /** The middle of the city's other listings; null when none is placed (nothing to compare). */
  middle: Position | null;
  placement: Placement | null;
  /** What the form says after "Position on the map"; null when the position is near. */
  warning: string | null;
}

export async function checkListingLocation(
  db: Kysely<Database>,
  place: { city: string; country: string; code: string | undefined; position: Position | null },
): Promise<LocationCheck> {
  const middle =
    place.city.trim() === ""
      ? null
      : middleOf(
          await cityPositions(db, {
            city: place.city,
            country: place.country,
            exceptCode: place.code,
          }),
        );
  if (middle === null || place.position === null) {
    return { middle, placement: null, warning: null };
  }
  const placement = placementOf(place.position, middle);
  return { middle, placement, warning: placementWarning(placement, place.city.trim()) };
}
