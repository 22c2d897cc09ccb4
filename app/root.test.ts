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
  const args = (loaderData: unknown) => ({ loaderData }) as unknown as MetaArgs;

  it("takes the title, description and social tags from the profile", () => {
    const tags = meta(
      args({
        records: { amenity: [], profile: [profile], property: [], category: [] },
        settings: {
          imageBaseUrl: "/images",
          imageDerivatives: true,
          investorsUrl: "https://investors.example.com",
        },
        cspNonce: "n",
        origin: "https://homes.example.com",
      }),
    );
    expect(tags).toEqual([
      { title: "Harbor & Pine Realty" },
      { name: "description", content: "Homes to rent and to buy." },
      { property: "og:title", content: "Harbor & Pine Realty" },
      { property: "og:description", content: "Homes to rent and to buy." },
      { property: "og:image", content: "https://homes.example.com/images/logo.png" },
      { property: "og:type", content: "website" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Harbor & Pine Realty" },
      { name: "twitter:description", content: "Homes to rent and to buy." },
    ]);
  });

  it("falls back to a plain title without a profile", () => {
    expect(meta(args(undefined))).toEqual([{ title: "Homes for rent and for sale" }]);
  });
});
