/**
 * "Find on map"'s geocoder (decision 069) against a local stub answering as Nominatim does: the
 * request it makes (path, parameters, an identifying User-Agent), what it reads, and what it
 * answers when the service is slow, failing or finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GeocoderStub, startGeocoderStub } from "../../tests/support/geocoder-stub.ts";
import { createGeocoder } from "./geocoder.ts";

describe("the geocoder", () => {
  let stub: GeocoderStub;
  beforeAll(async () => {
    stub = await startGeocoderStub({
      "27 Albert Street, London, United Kingdom": {
        lat: 51.5367,
        lon: -0.1426,
        display_name: "27, Albert Street, Camden Town, London, NW1 7LU, United Kingdom",
      },
    });
  });
  afterAll(() => stub?.close());

  it("asks the search endpoint with the address, as the usage policy asks, and reads the place", async () => {
    const geocoder = createGeocoder({ url: stub.url, siteUrl: "https://homes.example.com" });
    expect(await geocoder.find("27 Albert Street, London, United Kingdom")).toEqual({
      ok: true,
      found: {
        latitude: 51.5367,
        longitude: -0.1426,
        label: "27, Albert Street, Camden Town, London, NW1 7LU, United Kingdom",
      },
    });
    const [asked] = stub.requests.slice(-1);
    expect(asked?.path).toBe("/search");
    expect(Object.fromEntries(asked!.query)).toEqual({
      q: "27 Albert Street, London, United Kingdom",
      format: "jsonv2",
      limit: "1",
    });
    expect(asked?.headers["user-agent"]).toBe(
      "homes-site back office (listing addresses; +https://homes.example.com)",
    );
  });

  it("answers nothing found, and asks nothing for an empty address", async () => {
    const geocoder = createGeocoder({ url: stub.url, siteUrl: "https://homes.example.com" });
    expect(await geocoder.find("Nowhere Street")).toEqual({ ok: true, found: null });
    const before = stub.requests.length;
    expect(await geocoder.find("   ")).toEqual({ ok: true, found: null });
    expect(stub.requests.length).toBe(before);
  });

  it("gives up after its time-out, and says so for a failing service", async () => {
    const geocoder = createGeocoder({ url: stub.url, siteUrl: "http://x.test", timeoutMs: 200 });
    stub.delayMs = 1000;
    expect(await geocoder.find("27 Albert Street, London, United Kingdom")).toEqual({
      ok: false,
      message: "The geocoder did not answer in time.",
    });
    stub.delayMs = 0;
    stub.status = 503;
    expect(await geocoder.find("27 Albert Street, London, United Kingdom")).toEqual({
      ok: false,
      message: "The geocoder answered 503.",
    });
    stub.status = 200;
    const unreachable = createGeocoder({ url: "http://127.0.0.1:9", siteUrl: "http://x.test" });
    expect(await unreachable.find("anything")).toEqual({
      ok: false,
      message: "The geocoder could not be reached.",
    });
  });

  it("asks at most once a second", async () => {
    const geocoder = createGeocoder({ url: stub.url, siteUrl: "http://x.test" });
    const started = Date.now();
    await Promise.all([geocoder.find("a"), geocoder.find("b"), geocoder.find("c")]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});
