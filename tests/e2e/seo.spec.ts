/**
 * What search engines and social networks read (issue 6): the server HTML of every route,
 * fetched without JavaScript, with its main content, one h1, a title, a description, a
 * canonical on SITE_URL, social tags and JSON-LD; the sitemap and robots.txt.
 */
import { expect, type Page, test } from "@playwright/test";
import type { CompanyProfile, Property, Slider } from "../../lib/api-contract.ts";
import { apiData, listProperties, siteUrl } from "./api.ts";

test.use({ javaScriptEnabled: false });

/** The routes of SPEC §2, one test each. */
const routeNames = [
  "home",
  "grid",
  "detail",
  "search",
  "services",
  "contact",
  "about",
  "faq",
  "gallery",
  "investment",
  "404",
] as const;

interface RouteCase {
  name: (typeof routeNames)[number];
  path: string;
  status?: number;
  h1: string | RegExp;
  /** Text the main content must hold: the page's own data or SPEC words. */
  content: string[];
  /** The canonical path; null: the page must have none. */
  canonical: string | null;
  breadcrumbs: boolean;
}

let company: CompanyProfile;
let property: Property;
let routes: RouteCase[];

test.beforeAll(async () => {
  company = await apiData<CompanyProfile>("/company/profile");
  const [sliders, newest, all] = await Promise.all([
    apiData<Slider[]>("/sliders/display/all"),
    apiData<Property[]>("/property/display/all?sort=new&page=1&limit=10"),
    listProperties(),
  ]);
  property = await apiData<Property>(`/property/show/one/${all[0]!.slug}`);
  routes = [
    {
      name: "home",
      path: "/",
      h1: new RegExp(company.business_name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      content: [sliders[0]!.title, "Featured Properties"],
      canonical: "/",
      breadcrumbs: false,
    },
    {
      name: "grid",
      path: "/property",
      h1: "Properties Grid",
      content: newest.slice(0, 6).map((item) => item.headline),
      canonical: "/property",
      breadcrumbs: true,
    },
    {
      name: "detail",
      path: `/property/${property.slug}`,
      h1: property.headline,
      content: [property.address, "Are you Interested?"],
      canonical: `/property/${encodeURIComponent(property.slug)}`,
      breadcrumbs: true,
    },
    {
      name: "search",
      path: "/search",
      h1: "Properties Listing",
      content: newest.map((item) => item.headline),
      canonical: "/search",
      breadcrumbs: true,
    },
    {
      name: "services",
      path: "/services",
      h1: "Professional Services",
      content: ["Security", "Trusted Agents"],
      canonical: "/services",
      breadcrumbs: true,
    },
    {
      name: "contact",
      path: "/contact",
      h1: "Contact us",
      content: [company.address, company.email_address, "Opening Hours"],
      canonical: "/contact",
      breadcrumbs: true,
    },
    {
      name: "about",
      path: "/about",
      h1: "About Us",
      content: ["investment portfolio"],
      canonical: "/about",
      breadcrumbs: true,
    },
    {
      name: "faq",
      path: "/faq",
      h1: "Frequently Asked Questions",
      content: ["General Information", "Was this answer helpful?"],
      canonical: "/faq",
      breadcrumbs: true,
    },
    {
      name: "gallery",
      path: "/gallery",
      h1: "Photo Gallery",
      content: all.map((item) => item.headline),
      canonical: "/gallery",
      breadcrumbs: true,
    },
    {
      name: "investment",
      path: "/investment",
      h1: "Real Estate Investment Plan",
      content: ["Bungallow", "Duplex", "$2 registration bonus"],
      canonical: "/investment",
      breadcrumbs: true,
    },
    {
      name: "404",
      path: "/no-such-page",
      status: 404,
      h1: "Ooops, This Page Could Not Be Found!",
      content: ["Please try searching again"],
      canonical: null,
      breadcrumbs: false,
    },
  ];
});

/** The server's HTML for `path`, loaded as a document in a page that runs no script. */
async function serverHtml(page: Page, path: string, status = 200) {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  const html = await response.text();
  await page.setContent(html, { waitUntil: "domcontentloaded" });
  return html;
}

async function metaContent(page: Page, selector: string): Promise<string | null> {
  const tags = page.locator(`head meta[${selector}]`);
  await expect(tags, selector).toHaveCount(1);
  return tags.getAttribute("content");
}

/** Every JSON-LD block of the page, parsed (a parse error fails the test). */
async function jsonLdBlocks(page: Page): Promise<Record<string, unknown>[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

for (const name of routeNames) {
  test(`${name}: the server HTML has its content, one h1, title, meta and JSON-LD`, async ({
    page,
  }) => {
    const route = routes.find((item) => item.name === name)!;
    await serverHtml(page, route.path, route.status);
    const main = page.locator("main");
    for (const text of route.content) await expect(main).toContainText(text);

    const h1 = page.locator("h1");
    await expect(h1).toHaveCount(1);
    await expect(h1).toHaveText(route.h1);

    const title = await page.title();
    expect(title.trim()).not.toBe("");
    expect(title).toContain(company.business_name);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect(page.locator('head meta[name="viewport"]')).toHaveCount(1);

    const description = await metaContent(page, 'name="description"');
    expect(description?.trim()).toBeTruthy();

    const canonical = page.locator('head link[rel="canonical"]');
    if (route.canonical === null) {
      await expect(canonical).toHaveCount(0);
      expect(await metaContent(page, 'name="robots"')).toBe("noindex");
    } else {
      await expect(canonical).toHaveCount(1);
      await expect(canonical).toHaveAttribute("href", `${siteUrl}${route.canonical}`);
      await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
      expect(await metaContent(page, 'property="og:url"')).toBe(`${siteUrl}${route.canonical}`);
    }
    expect(await metaContent(page, 'property="og:title"')).toBe(title);
    expect(await metaContent(page, 'property="og:description"')).toBe(description);
    expect(await metaContent(page, 'property="og:image"')).toMatch(/^https?:\/\//);
    expect(await metaContent(page, 'name="twitter:card"')).toBe("summary_large_image");
    expect(await metaContent(page, 'name="twitter:title"')).toBe(title);
    expect(await metaContent(page, 'name="twitter:image"')).toMatch(/^https?:\/\//);

    const blocks = await jsonLdBlocks(page);
    const types = blocks.map((block) => block["@type"]);
    expect(types).toContain("RealEstateAgent");
    expect(types.includes("BreadcrumbList")).toBe(route.breadcrumbs);
    const agent = blocks.find((block) => block["@type"] === "RealEstateAgent")!;
    expect(agent).toMatchObject({
      "@context": "https://schema.org",
      name: company.business_name,
      telephone: company.telephone,
      email: company.email_address,
      address: { "@type": "PostalAddress", streetAddress: company.address },
    });
  });
}

test("every route has its own title and description", async ({ request }) => {
  const heads = await Promise.all(
    routes.map(async (route) => {
      const html = await (await request.get(route.path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      return {
        title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
        description: /<meta name="description" content="([^"]*)"/.exec(head)?.[1],
      };
    }),
  );
  const titles = heads.map((head) => head.title);
  expect(titles.every(Boolean)).toBe(true);
  expect(new Set(titles).size).toBe(routes.length);
  // The 404 page says the site's own description; every other page has its own.
  const descriptions = heads
    .filter((_, index) => routes[index]!.status === undefined)
    .map((head) => head.description);
  expect(descriptions.every(Boolean)).toBe(true);
  expect(new Set(descriptions).size).toBe(descriptions.length);
});

test("a property page leads with its headline, shows its cover and carries its listing data", async ({
  page,
}) => {
  await serverHtml(page, `/property/${property.slug}`);
  const url = `${siteUrl}/property/${encodeURIComponent(property.slug)}`;
  expect(await page.title()).toBe(`${property.headline} | ${company.business_name}`);
  const cover = `${siteUrl}/images/property/${encodeURIComponent(property.cover_image)}`;
  expect(await metaContent(page, 'property="og:image"')).toBe(cover);
  expect(await metaContent(page, 'name="twitter:image"')).toBe(cover);

  const blocks = await jsonLdBlocks(page);
  const listing = blocks.find((block) => block["@type"] === "RealEstateListing");
  expect(listing).toMatchObject({
    "@context": "https://schema.org",
    url,
    name: property.headline,
    offers: {
      "@type": "Offer",
      price: property.price,
      priceCurrency: "USD",
      businessFunction:
        property.offer_type === "For Rent"
          ? "http://purl.org/goodrelations/v1#LeaseOut"
          : "http://purl.org/goodrelations/v1#Sell",
    },
    about: {
      address: {
        "@type": "PostalAddress",
        streetAddress: property.address,
        addressLocality: property.city,
        addressCountry: property.country,
      },
    },
  });
  expect((listing!.image as string[])[0]).toBe(cover);
  const breadcrumbs = blocks.find((block) => block["@type"] === "BreadcrumbList");
  expect(breadcrumbs!.itemListElement).toEqual([
    { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
    { "@type": "ListItem", position: 2, name: "Properties", item: `${siteUrl}/property` },
    { "@type": "ListItem", position: 3, name: property.headline, item: url },
  ]);

  // The page reached by the property's code has the same canonical (its slug's path).
  await serverHtml(page, `/property/${encodeURIComponent(property.code)}`);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", url);
});

test("listing pages: pages are indexed on their own canonical, filters are not indexed", async ({
  page,
}) => {
  await serverHtml(page, "/property?page=2");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${siteUrl}/property?page=2`,
  );
  await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
  const pageTwo = await page.title();
  expect(pageTwo).toContain("Page 2");

  await serverHtml(page, "/search?property-status=For+Rent&location=New+York");
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${siteUrl}/search`,
  );
  expect(await metaContent(page, 'name="robots"')).toBe("noindex, follow");
  expect(await page.title()).toMatch(/^Homes For Rent in New York – Properties Listing \| /);
});

test("the sitemap lists every page and every published property with its images", async ({
  request,
}) => {
  const properties = await listProperties();
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
  const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((match) => ({
    loc: match[1]!,
    images: [...match[2]!.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((image) => image[1]),
  }));
  const locs = entries.map((entry) => entry.loc);
  const pages = routes.filter(
    (route) => route.status === undefined && route.path.split("/").length < 3,
  );
  expect(pages).toHaveLength(9);
  for (const route of pages) expect(locs).toContain(`${siteUrl}${route.path}`);
  const listed = locs.filter((loc) => loc.startsWith(`${siteUrl}/property/`));
  expect(listed.sort()).toEqual(
    properties.map((item) => `${siteUrl}/property/${encodeURIComponent(item.slug)}`).sort(),
  );
  const entry = entries.find((item) => item.loc.endsWith(`/property/${property.slug}`));
  expect(entry!.images[0]).toBe(
    `${siteUrl}/images/property/${encodeURIComponent(property.cover_image)}`,
  );
});

test("robots.txt allows crawling and points at the sitemap", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d+$/);
  const text = await response.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/$/m);
  expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
});
