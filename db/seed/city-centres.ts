/**
 * Where the demo and generated properties stand on a map: each city's centre and a
 * deterministic spread of a few kilometres around it, so markers cluster plausibly in their
 * city instead of piling on one point.
 */
import { createRandom, seedOf } from "./random.ts";

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** How far from its city's centre a property may stand, in kilometres, unless its city says. */
export const spreadKm = 4;

interface CityCentre extends Coordinates {
  /** A narrower spread where the city is narrow (Manhattan between its rivers). */
  spreadKm?: number;
}

/**
 * Centres (decimal degrees, WGS 84) of every city the demo and the generator use, nudged
 * inland where the downtown is on a shore so that the spread stays mostly on land.
 */
export const cityCentres: Readonly<Record<string, CityCentre>> = {
  "New York": { latitude: 40.768, longitude: -73.972, spreadKm: 2.5 },
  Austin: { latitude: 30.2672, longitude: -97.7431 },
  Chicago: { latitude: 41.8819, longitude: -87.6778 },
  Toronto: { latitude: 43.6709, longitude: -79.3957 },
  Vancouver: { latitude: 49.2606, longitude: -123.114 },
  Montreal: { latitude: 45.5088, longitude: -73.5878 },
  London: { latitude: 51.5074, longitude: -0.1278 },
  Manchester: { latitude: 53.4808, longitude: -2.2426 },
  Mumbai: { latitude: 19.076, longitude: 72.8777 },
  Bengaluru: { latitude: 12.9716, longitude: 77.5946 },
  Dhaka: { latitude: 23.8103, longitude: 90.4125 },
  Chattogram: { latitude: 22.3569, longitude: 91.7832 },
};

const kmPerDegreeLatitude = 111.32;

/** The centre of `city`; throws for a city without one, so a new city cannot go unplaced. */
export function getCityCentre(city: string): Required<CityCentre> {
  const centre = cityCentres[city];
  if (centre === undefined) throw new Error(`No centre coordinates for the city "${city}"`);
  return { spreadKm, ...centre };
}

/** The box a property of `city` stands in: its spread each way from the centre. */
export function cityBox(city: string): {
  south: number;
  north: number;
  west: number;
  east: number;
} {
  const { latitude, longitude, spreadKm: spread } = getCityCentre(city);
  const dLat = spread / kmPerDegreeLatitude;
  const dLon = spread / (kmPerDegreeLatitude * Math.cos((latitude * Math.PI) / 180));
  return {
    south: latitude - dLat,
    north: latitude + dLat,
    west: longitude - dLon,
    east: longitude + dLon,
  };
}

/**
 * A point in `city` for the property `code`: the same code always gets the same point
 * (its own PRNG, so the rest of the content's randomness is untouched), spread evenly over a
 * disc of the city's spread around the centre, rounded to 6 decimals (about 10 cm).
 */
export function placeInCity(city: string, code: string): Coordinates {
  const { latitude, longitude, spreadKm: spread } = getCityCentre(city);
  const random = createRandom(seedOf(`${code} coordinates`));
  // sqrt: even over the disc's area, not bunched at the centre.
  const distance = spread * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const north = (distance * Math.cos(angle)) / kmPerDegreeLatitude;
  const east =
    (distance * Math.sin(angle)) / (kmPerDegreeLatitude * Math.cos((latitude * Math.PI) / 180));
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { latitude: round(latitude + north), longitude: round(longitude + east) };
}
