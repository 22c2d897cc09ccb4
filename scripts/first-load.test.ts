/**
 * Guards on what the browser downloads, read from the built client (`npm run build` first):
 * the budget itself is `npm run report:js`; these keep out what decision 018 took out.
 */
import { describe, expect, it } from "vitest";
import { readAsset, readFirstLoads, readLaterChunks } from "./first-load.ts";

/** Every zod schema carries its internals under `_zod`, a property name no minifier renames. */
const zodMarker = "_zod";
/** One of Embla's own option names, present in its core and nowhere in the site's code. */
const emblaMarker = "containScroll";

const loads = readFirstLoads();
const home = loads.find((load) => load.route === "/");

describe("first-load JavaScript", () => {
  it("lists the home page and the other routes", () => {
    expect(home?.files.length).toBeGreaterThan(2);
    expect(loads.map((load) => load.route)).toEqual(
      expect.arrayContaining(["/property", "/property/:code", "/contact"]),
    );
  });

  it("carries no zod on any route: the browser imports the contract's types only", () => {
    for (const { route, files } of loads) {
      for (const url of files)
        expect(readAsset(url).includes(zodMarker), `${route} ${url}`).toBe(false);
    }
  });

  it("leaves Embla out of the home page's first load, in a chunk fetched later", () => {
    for (const url of home?.files ?? []) {
      expect(readAsset(url).includes(emblaMarker), url).toBe(false);
    }
    const embla = readLaterChunks().filter((url) => readAsset(url).includes(emblaMarker));
    expect(embla).toHaveLength(1);
  });
});
