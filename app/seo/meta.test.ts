import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { buildCompanyProfile, buildProperty } from "../../tests/support/factories.ts";
import {
  absoluteUrl,
  buildPageMeta,
  clip,
  errorPageSeo,
  plainText,
  routeMeta,
  type SeoSite,
  seoSiteOf,
} from "./meta.ts";
import { propertySeo } from "./property-seo.ts";

/** What React Router hands an error boundary for a thrown 404. */
const notFoundResponse = { status: 404, statusText: "Not Found", internal: false, data: null };

const site: SeoSite = {
  siteUrl: "https://homes.example.com",
  imageBaseUrl: "/images",
  businessName: "Harbor & Pine Realty",
  description: "Homes to rent and to buy.",
  logoUrl: "https://homes.example.com/images/logo.png",
  currency: { symbol: "$", code: "USD", decimals: 2 },
  areaUnit: "sqft",
};

function tag(tags: MetaDescriptor[], key: string, value: string): Record<string, string> {
  const found = tags.find((item) => (item as Record<string, unknown>)[key] === value);
  if (!found) throw new Error(`no ${key}=${value} in ${JSON.stringify(tags)}`);
  return found as Record<string, string>;
}

describe("absoluteUrl", () => {
  it("puts paths under the site's address and keeps absolute URLs", () => {
    expect(absoluteUrl(site.siteUrl, "/images/a.jpg")).toBe(
      "https://homes.example.com/images/a.jpg",
    );
    expect(absoluteUrl(site.siteUrl, "images/a.jpg")).toBe(
      "https://homes.example.com/images/a.jpg",
    );
    expect(absoluteUrl(site.siteUrl, "https://cdn.example.net/a.jpg")).toBe(
      "https://cdn.example.net/a.jpg",
    );
    expect(absoluteUrl(site.siteUrl, "//cdn.example.net/a.jpg")).toBe(
      "https://cdn.example.net/a.jpg",
    );
  });
});

describe("seoSiteOf", () => {
  it("reads the profile and makes the logo absolute under SITE_URL", () => {
    const seo = seoSiteOf({
      records: { profile: [buildCompanyProfile({ image_url: "brand.png" })] },
      settings: { imageBaseUrl: "/images", siteUrl: "https://homes.example.com" },
    });
    expect(seo.businessName).toBe("Harbor & Pine Realty");
    expect(seo.logoUrl).toBe("https://homes.example.com/images/brand.png");
  });

  it("keeps an image base on another host as it is", () => {
    const seo = seoSiteOf({
      records: { profile: [buildCompanyProfile()] },
      settings: {
        imageBaseUrl: "https://cdn.example.net/img",
        siteUrl: "https://homes.example.com",
      },
    });
    expect(seo.logoUrl).toBe("https://cdn.example.net/img/logo.png");
  });
});

describe("plainText and clip", () => {
  it("drops tags and decodes entities", () => {
    expect(plainText("<p>Sun &amp; garden</p><p>3&nbsp;beds &#8211; &#x2014; &lt;ok&gt;</p>")).toBe(
      "Sun & garden 3 beds – — <ok>",
    );
  });

  it("cuts at a word boundary with an ellipsis, and leaves short text alone", () => {
    expect(clip("short text", 160)).toBe("short text");
    const cut = clip("one two three four five six seven", 20);
    expect(cut).toBe("one two three four…");
    expect(cut.length).toBeLessThanOrEqual(20);
  });
});

describe("buildPageMeta", () => {
  it("writes the title, description, canonical, Open Graph and Twitter tags", () => {
    const tags = buildPageMeta(site, {
      title: "About Us",
      description: "Who we are.",
      canonicalPath: "/about",
    });
    expect(tags[0]).toEqual({ title: "About Us | Harbor & Pine Realty" });
    expect(tag(tags, "name", "description").content).toBe("Who we are.");
    expect(tag(tags, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://homes.example.com/about",
    });
    expect(tag(tags, "property", "og:url").content).toBe("https://homes.example.com/about");
    expect(tag(tags, "property", "og:title").content).toBe("About Us | Harbor & Pine Realty");
    expect(tag(tags, "property", "og:image").content).toBe(site.logoUrl);
    expect(tag(tags, "name", "twitter:card").content).toBe("summary_large_image");
    expect(tag(tags, "name", "twitter:image").content).toBe(site.logoUrl);
    expect(tags.some((item) => "name" in item && item.name === "robots")).toBe(false);
  });

  it("uses the business name alone and the profile's description for the home page", () => {
    const tags = buildPageMeta(site, { canonicalPath: "/" });
    expect(tags[0]).toEqual({ title: "Harbor & Pine Realty" });
    expect(tag(tags, "name", "description").content).toBe(site.description);
    expect(tag(tags, "rel", "canonical").href).toBe("https://homes.example.com/");
  });

  it("adds robots and leaves out the canonical when asked", () => {
    const tags = buildPageMeta(site, errorPageSeo(notFoundResponse));
    expect(tags[0]).toEqual({ title: "Page Not Found | Harbor & Pine Realty" });
    expect(tag(tags, "name", "robots").content).toBe("noindex");
    expect(tags.some((item) => "rel" in item)).toBe(false);
    expect(tags.some((item) => "property" in item && item.property === "og:url")).toBe(false);
  });
});

describe("routeMeta", () => {
  const matches = [
    {
      id: "root",
      loaderData: {
        records: { profile: [buildCompanyProfile()] },
        settings: { imageBaseUrl: "/images", siteUrl: "https://homes.example.com" },
      },
    },
  ];

  it("builds the page on the root's profile and address", () => {
    const tags = routeMeta({ matches }, { title: "FAQ", canonicalPath: "/faq" });
    expect(tags[0]).toEqual({ title: "FAQ | Harbor & Pine Realty" });
    expect(tag(tags, "rel", "canonical").href).toBe("https://homes.example.com/faq");
  });

  it("answers the error page's tags when the route has no data", () => {
    const tags = routeMeta({ matches, error: new Error("down") }, undefined);
    expect(tag(tags, "name", "robots").content).toBe("noindex");
  });
});

describe("propertySeo", () => {
  it("leads with the headline, uses the cover as image and the slug as canonical", () => {
    const property = buildProperty({
      headline: "Sunlit Family Home",
      slug: "sunlit family",
      cover_image: "cover 1.jpg",
    });
    const page = propertySeo(site, property);
    expect(page.title).toBe("Sunlit Family Home");
    expect(page.canonicalPath).toBe("/property/sunlit%20family");
    expect(page.image).toBe("https://homes.example.com/images/property/cover%201.jpg");
    expect(page.description).toMatch(
      /^For Sale in Austin · 4 bed, 2 bath, 3,000 sq ft · \$685,000\.00\. A bright detached/,
    );
    const tags = buildPageMeta(site, page);
    expect(tags[0]).toEqual({ title: "Sunlit Family Home | Harbor & Pine Realty" });
    expect(tag(tags, "property", "og:image").content).toBe(page.image);
  });

  it("keeps the description within about 160 characters", () => {
    const page = propertySeo(site, buildProperty({ description: `<p>${"word ".repeat(100)}</p>` }));
    expect(page.description!.length).toBeLessThanOrEqual(160);
    expect(page.description).toMatch(/…$/);
  });
});
