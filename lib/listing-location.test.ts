import { describe, expect, it } from "vitest";
import {
  confirmationOf,
  distanceKm,
  farFromCityKm,
  middleOf,
  placementOf,
  placementWarning,
} from "./listing-location.ts";

const london = { latitude: 51.5074, longitude: -0.1278 };

describe("a listing's position against its city", () => {
  it("measures great-circle distances", () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(distanceKm(london, paris)).toBeCloseTo(343.5, 0);
    expect(distanceKm(london, london)).toBe(0);
  });

  it("takes the median of each coordinate, so one stray pin does not move the middle", () => {
    expect(middleOf([])).toBeNull();
    const middle = middleOf([
      { latitude: 51.5, longitude: -0.12 },
      { latitude: 51.52, longitude: -0.1 },
      { latitude: -0.12, longitude: 51.5 },
    ]);
    expect(middle).toEqual({ latitude: 51.5, longitude: -0.1 });
  });

  it("finds a near position fine, a far one far, and names swapped coordinates", () => {
    expect(placementOf({ latitude: 51.52, longitude: -0.08 }, london)).toEqual({ kind: "near" });
    // A London home with its numbers swapped stands in the Indian Ocean, off Somalia.
    const swapped = placementOf({ latitude: -0.1278, longitude: 51.5074 }, london);
    expect(swapped).toMatchObject({ kind: "swapped", swappedKm: 0 });
    expect(placementWarning(swapped, "London")).toMatch(
      /^looks like latitude and longitude swapped: it is [\d,]+ km from London's other listings/,
    );
    const manchester = placementOf({ latitude: 53.4808, longitude: -2.2426 }, london);
    expect(manchester.kind).toBe("far");
    expect(placementWarning(manchester, "London")).toBe(
      "is 262 km from London's other listings. Check the pin, or confirm the position is right",
    );
    // Just inside the limit stays near.
    const edge = {
      latitude: london.latitude + (farFromCityKm - 1) / 111.2,
      longitude: london.longitude,
    };
    expect(placementOf(edge, london)).toEqual({ kind: "near" });
    expect(placementWarning({ kind: "near" }, "London")).toBeNull();
  });

  it("confirms one position by its numbers", () => {
    expect(confirmationOf({ latitude: -0.1278, longitude: 51.5074 })).toBe("-0.1278,51.5074");
  });
});
