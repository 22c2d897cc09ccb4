import { describe, expect, it } from "vitest";
import type { CompanyProfile, Property } from "../lib/api-contract.ts";
import { meta, pageProperties, recordsFromLoader, shouldRevalidate } from "./root.tsx";
import { initialRecords } from "./store/records.ts";

const profile: CompanyProfile = {
  business_name: "Harbor & Pine Realty",
  page_description: "Homes to rent and to buy.",
  image_url: "logo.png",
  website: "https://example.com",
  telephone: "+1 212 555 0147",
  email_address: "hello@example.com",
  address: "1 Main Street",
};

const revalidateArgs = {
  currentUrl: new URL("http://x/"),
  currentParams: {},
  nextUrl: new URL("http://x/about"),
  nextParams: {},
  defaultShouldRevalidate: true,
};

describe("recordsFromLoader", () => {
  it("starts empty when nothing was loaded", () => {
    expect(recordsFromLoader(undefined)).toEqual(initialRecords);
  });

  it("sets each of the four collections", () => {
    const records = {
      amenity: [{ id: 1, title: "Pool", icon: "pool" }],
      profile: [profile],
      property: [{ code: "A" } as Property],
      category: [{ title: "Houses", total: 3 }],
    };
    expect(recordsFromLoader(records)).toEqual(records);
  });

  it("sets the page's properties as the 'property' records", () => {
    const root = { amenity: [], profile: [profile], property: [], category: [] };
    const shown = [{ code: "B" } as Property];
    expect(recordsFromLoader(root, shown)).toEqual({ ...root, property: shown });
    expect(recordsFromLoader(undefined, shown)).toEqual({ ...initialRecords, property: shown });
  });
});

describe("pageProperties", () => {
  it("takes the deepest route's properties", () => {
    const shown = [{ code: "A" } as Property];
    expect(
      pageProperties([
        { loaderData: { records: {}, properties: [{ code: "root" }] } },
        { loaderData: { properties: shown } },
      ]),
    ).toBe(shown);
  });

  it("answers nothing when no route loaded properties", () => {
    expect(pageProperties([{ loaderData: { records: {} } }, { loaderData: undefined }])).toBe(
      undefined,
    );
  });
});

describe("shouldRevalidate", () => {
  it("keeps the root lists while browsing", () => {
    expect(shouldRevalidate(revalidateArgs)).toBe(false);
    expect(shouldRevalidate({ ...revalidateArgs, formMethod: "GET" })).toBe(false);
  });

  it("follows the default after a form submission", () => {
    expect(shouldRevalidate({ ...revalidateArgs, formMethod: "POST" })).toBe(true);
    expect(
      shouldRevalidate({ ...revalidateArgs, formMethod: "POST", defaultShouldRevalidate: false }),
    ).toBe(false);
  });
});

describe("meta", () => {
  type MetaArgs = Parameters<typeof meta>[0];
  const rootData = {
    records: { amenity: [], profile: [profile], property: [], category: [] },
    settings: {
      imageBaseUrl: "/images",
      imageDerivatives: true,
      investorsUrl: "https://investors.example.com",
      siteUrl: "https://homes.example.com",
      currency: { symbol: "$", code: "USD", decimals: 2 },
      areaUnit: "sqft",
    },
  };
  const args = (loaderData: unknown, error?: unknown) =>
    ({ loaderData, location: { pathname: "/about" }, error }) as unknown as MetaArgs;
  const find = (tags: ReturnType<typeof meta>, key: string, value: string) =>
    tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as
      | Record<string, string>
      | undefined;

  it("takes the title, description and social image from the profile", () => {
    const tags = meta(args(rootData));
    expect(tags[0]).toEqual({ title: "Harbor & Pine Realty" });
    expect(find(tags, "name", "description")?.content).toBe("Homes to rent and to buy.");
    expect(find(tags, "property", "og:image")?.content).toBe(
      "https://homes.example.com/images/logo.png",
    );
    expect(find(tags, "rel", "canonical")?.href).toBe("https://homes.example.com/about");
  });

  it("marks an error page noindex, without a canonical", () => {
    const tags = meta(args(rootData, new Error("boom")));
    expect(tags[0]).toEqual({ title: "Something went wrong | Harbor & Pine Realty" });
    expect(find(tags, "name", "robots")?.content).toBe("noindex");
    expect(find(tags, "rel", "canonical")).toBeUndefined();
  });

  it("falls back to a plain title without a profile", () => {
    expect(meta(args(undefined))[0]).toEqual({ title: "Homes for rent and for sale" });
  });
});
