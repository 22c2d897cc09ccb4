/**
 * Guards on what the browser downloads, read from the build (`npm run build` first): the home
 * page's first load within issue 6's budget, no public page with React (decisions 021, 043), and nothing of
 * what decision 018 took out.
 */
import { describe, expect, it } from "vitest";
import { isBackOffice } from "../app/hydration.ts";
import {
  gzippedBytes,
  homeBudgetKb,
  readAsset,
  readFirstLoads,
  readLaterChunks,
} from "./first-load.ts";

/** Every zod schema carries its internals under `_zod`, a property name no minifier renames. */
const zodMarker = "_zod";
/** One of Embla's own option names, present in its core and nowhere in the site's code. */
const emblaMarker = "containScroll";
/** React's element type (`Symbol.for(…)`): in React's JSX runtime, which every component needs. */
const reactMarker = "react.transitional.element";

const loads = await readFirstLoads();
const home = loads.find((load) => load.route === "/");
const contains = (files: readonly string[], marker: string) =>
  files.filter((url) => readAsset(url).includes(marker));

describe("first-load JavaScript", () => {
  it("lists the home page and the other routes", () => {
    expect(home?.files.length).toBeGreaterThan(0);
    expect(loads.map((load) => load.route)).toEqual(
      expect.arrayContaining(["/property", "/property/:code", "/contact"]),
    );
  });

  it("loads the enhancement module on the home page, without React", () => {
    expect(home?.hydrates).toBe(false);
    expect(home?.files.some((url) => /\/entry\.enhance-[\w-]+\.js$/.test(url))).toBe(true);
    expect(contains(home?.files ?? [], reactMarker)).toEqual([]);
  });

  it(`keeps the home page's first load within ${homeBudgetKb} KB gzipped`, () => {
    const bytes = (home?.files ?? []).reduce((total, url) => total + gzippedBytes(url), 0);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes / 1024).toBeLessThanOrEqual(homeBudgetKb);
  });

  it("loads no React on any public page, and hydrates the back office (decision 043)", () => {
    // The back office's routes; a listing's preview is a public page's document (decision 070).
    const admin = loads.filter((load) => isBackOffice(load.route));
    expect(admin.length).toBeGreaterThan(0);
    for (const { route, hydrates, files } of loads) {
      const backOffice = admin.some((load) => load.route === route);
      expect(hydrates, route).toBe(backOffice);
      expect(contains(files, reactMarker), route).toHaveLength(backOffice ? 1 : 0);
    }
  });

  it("carries no zod on any route: the browser imports the contract's types only", () => {
    for (const { route, files } of loads) {
      expect(contains(files, zodMarker), route).toEqual([]);
    }
  });

  it("leaves Embla out of the home page's first load, in a chunk fetched later", async () => {
    expect(contains(home?.files ?? [], emblaMarker)).toEqual([]);
    // One file: the enhancement module's build and React Router's make the same chunk.
    expect(contains(await readLaterChunks(), emblaMarker)).toHaveLength(1);
  });
});
