/**
 * Where a listing stands against its city (decision 069): a position far from where the city's
 * other listings stand is most likely a slip (latitude and longitude swapped, a sign lost, the
 * wrong city's pin), so the editor asks staff to confirm it before it is saved. Pure: the
 * server's save and the editor's live check share it.
 */

export interface Position {
  latitude: number;
  longitude: number;
}

/** Farther than this from the city's listings, a position is flagged. */
export const farFromCityKm = 50;

/** The great-circle distance between two positions, in kilometres (haversine, mean radius). */
export function distanceKm(a: Position, b: Position): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The middle of some positions: the median of each coordinate, which one stray pin cannot move. */
export function middleOf(positions: readonly Position[]): Position | null {
  if (positions.length === 0) return null;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  return {
    latitude: median(positions.map((position) => position.latitude)),
    longitude: median(positions.map((position) => position.longitude)),
  };
}

/** What a position is against its city's middle: fine, far, or far but right once swapped. */
export type Placement =
  | { kind: "near" }
  | { kind: "far"; km: number }
  | { kind: "swapped"; km: number; swappedKm: number };

export function placementOf(position: Position, cityMiddle: Position): Placement {
  const km = distanceKm(position, cityMiddle);
  if (km <= farFromCityKm) return { kind: "near" };
  const swapped = { latitude: position.longitude, longitude: position.latitude };
  if (Math.abs(swapped.latitude) <= 90) {
    const swappedKm = distanceKm(swapped, cityMiddle);
    if (swappedKm <= farFromCityKm) return { kind: "swapped", km, swappedKm };
  }
  return { kind: "far", km };
}

/** The warning staff read, after "Position on the map". */
export function placementWarning(placement: Placement, city: string): string | null {
  if (placement.kind === "near") return null;
  const km = Math.round(placement.km).toLocaleString("en-GB");
  if (placement.kind === "swapped") {
    return `looks like latitude and longitude swapped: it is ${km} km from ${city}'s other listings, and swapped it would be in ${city}. Swap the two numbers, or confirm the position is right`;
  }
  return `is ${km} km from ${city}'s other listings. Check the pin, or confirm the position is right`;
}

/** The value that confirms one position (a confirmation of another does not carry over). */
export function confirmationOf(position: Position): string {
  return `${position.latitude},${position.longitude}`;
}

/** The editor's live check of a position (GET /admin/listings/location). */
export interface LocationCheckAnswer {
  /** Where the city's other listings stand (their middle); null: none is placed. */
  middle: Position | null;
  /** The warning after "Position on the map"; null when near or not checked. */
  warning: string | null;
  /** The `location_confirmed` value that confirms the position checked. */
  confirmation: string | null;
}

/** What "Find on map" answers (GET /admin/listings/geocode). */
export type GeocodeAnswer =
  | { ok: true; found: { latitude: number; longitude: number; label: string } | null }
  | { ok: false; message: string };
