import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildCompanyProfile, buildProperty } from "../../tests/support/factories.ts";
import {
  breadcrumbJsonLd,
  organizationJsonLd,
  propertyListingJsonLd,
  serializeJsonLd,
} from "./json-ld.ts";
import { JsonLdScript } from "./json-ld-script.tsx";

const siteUrl = "https://homes.example.com";

describe("serializeJsonLd", () => {
  it("cannot close the script element or open a comment, and parses back unchanged", () => {
    const data = {
      "@type": "Thing",
      name: "</script><script>alert(1)</script> <!-- & \u2028 \u2029",
    };
    const json = serializeJsonLd(data);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(json)).toEqual(data);
  });

  it("renders as one data block with no nonce", () => {
    const html = renderToStaticMarkup(
      <JsonLdScript data={{ "@type": "Thing", name: "</script><b>x</b>" }} />,
    );
    expect(html).toBe(
      '<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script\\u003e\\u003cb\\u003ex\\u003c/b\\u003e"}</script>',
    );
  });
});

describe("organizationJsonLd", () => {
  it("describes the company from its profile", () => {
    const profile = buildCompanyProfile();
    const data = organizationJsonLd(siteUrl, profile, `${siteUrl}/images/logo.png`);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "RealEstateAgent",
      "@id": `${siteUrl}/#organization`,
      name: profile.business_name,
      url: `${siteUrl}/`,
      logo: `${siteUrl}/images/logo.png`,
      telephone: profile.telephone,
      email: profile.email_address,
      address: { "@type": "PostalAddress", streetAddress: profile.address },
    });
  });

  it("leaves out what the profile does not have", () => {
    const data = organizationJsonLd(
      siteUrl,
      buildCompanyProfile({ telephone: "", email_address: "", address: "" }),
      `${siteUrl}/images/logo.png`,
    );
    expect(data).not.toHaveProperty("telephone");
    expect(data).not.toHaveProperty("email");
    expect(data).not.toHaveProperty("address");
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the steps with absolute URLs", () => {
    expect(
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "About Us", path: "/about" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "About Us", item: `${siteUrl}/about` },
      ],
    });
  });
});

describe("propertyListingJsonLd", () => {
  it("is a RealEstateListing with a USD Offer that sells, the address and the images", () => {
    const property = buildProperty({ price: 685000, offer_type: "For Sale" });
    const data = propertyListingJsonLd(siteUrl, "/images", property);
    const url = `${siteUrl}/property/${property.slug}`;
    expect(data).toMatchObject({
      "@type": "RealEstateListing",
      url,
      name: property.headline,
      datePosted: property.created_at,
      description: "A bright detached home with a garden.",
      image: [
        `${siteUrl}/images/property/${property.cover_image}`,
        `${siteUrl}/images/property/${JSON.parse(property.image_list as string)[0].imageUrl}`,
      ],
      offers: {
        "@type": "Offer",
        price: 685000,
        priceCurrency: "USD",
        businessFunction: "http://purl.org/goodrelations/v1#Sell",
        offeredBy: { "@id": `${siteUrl}/#organization` },
      },
      about: {
        "@type": "House",
        address: {
          "@type": "PostalAddress",
          streetAddress: property.address,
          addressLocality: "Austin",
          addressRegion: "Texas",
          addressCountry: "United States",
        },
        numberOfBedrooms: 4,
        floorSize: { "@type": "QuantitativeValue", value: 3000, unitCode: "FTK" },
      },
    });
  });

  it("gives the property schema's fields on the place: counts as their own terms, tenure as a PropertyValue, furnished as an amenity feature", () => {
    const property = buildProperty({
      bedroom: 3,
      bathroom: 0,
      room: 6,
      tenure: "share_of_freehold",
      furnished: "part_furnished",
    });
    const about = propertyListingJsonLd(siteUrl, "/images", property).about as Record<
      string,
      unknown
    >;
    expect(about.numberOfBedrooms).toBe(3);
    expect(about.numberOfRooms).toBe(6);
    // A count of 0 is not given.
    expect(about).not.toHaveProperty("numberOfBathroomsTotal");
    expect(about.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Tenure", value: "Share of freehold" },
    ]);
    expect(about.amenityFeature).toEqual([
      { "@type": "LocationFeatureSpecification", name: "Furnished", value: "Part furnished" },
    ]);
    // The shape schema.org asks of both: a typed node with a text name and value.
    for (const node of [
      ...(about.additionalProperty as object[]),
      ...(about.amenityFeature as object[]),
    ]) {
      expect(node).toEqual({
        "@type": expect.stringMatching(/^(PropertyValue|LocationFeatureSpecification)$/),
        name: expect.any(String),
        value: expect.any(String),
      });
    }
    const plain = propertyListingJsonLd(siteUrl, "/images", buildProperty()).about as object;
    expect(plain).not.toHaveProperty("additionalProperty");
    expect(plain).not.toHaveProperty("amenityFeature");
  });

  it("puts the postcode in the place's address and the move-in date on the offer, the portals' numbers as PropertyValues", () => {
    const property = buildProperty({
      offer_type: "For Rent",
      postcode: "N1 1JU",
      available_from: "2027-03-01",
      deposit: 0,
      energy_score: 72,
      council_tax_band: "e",
      send_to_rightmove: true,
    });
    const data = propertyListingJsonLd(siteUrl, "/images", property);
    const about = data.about as Record<string, unknown>;
    expect(about.address).toMatchObject({ "@type": "PostalAddress", postalCode: "N1 1JU" });
    expect(data.offers).toMatchObject({ availabilityStarts: "2027-03-01" });
    expect(about.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Energy score (SAP)", value: 72 },
      { "@type": "PropertyValue", name: "Council tax band", value: "E" },
      // No deposit is a value, not an absent one.
      { "@type": "PropertyValue", name: "Deposit", value: 0 },
    ]);
    // A switch is the agency's, never the public's.
    expect(JSON.stringify(data)).not.toContain("Rightmove");
    const plain = propertyListingJsonLd(siteUrl, "/images", buildProperty());
    expect(plain.about as object).not.toHaveProperty("address.postalCode");
    expect(plain.offers as object).not.toHaveProperty("availabilityStarts");
  });

  it("leases out a property for rent, with image URLs on an image host kept as they are", () => {
    const property = buildProperty({ offer_type: "For Rent", price: 2450, category: "Apartments" });
    const data = propertyListingJsonLd(siteUrl, "https://cdn.example.net/img", property);
    expect(data.offers).toMatchObject({
      price: 2450,
      priceCurrency: "USD",
      businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
    });
    expect(data.about).toMatchObject({ "@type": "Apartment" });
    expect((data.image as string[])[0]).toBe(
      `https://cdn.example.net/img/property/${property.cover_image}`,
    );
  });

  it("gives a rent's Offer a UnitPriceSpecification per its period, and a sale's none", () => {
    const weekly = buildProperty({ price: 800, offer_type: "For Rent", rent_period: "week" });
    const offer = propertyListingJsonLd(siteUrl, "/images", weekly).offers as Record<
      string,
      unknown
    >;
    expect(offer).toMatchObject({ "@type": "Offer", price: 800, priceCurrency: "USD" });
    expect(offer.priceSpecification).toEqual({
      "@type": "UnitPriceSpecification",
      price: 800,
      priceCurrency: "USD",
      unitCode: "WEE",
      referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "WEE" },
    });
    // A backend that sends no period: a month.
    const { rent_period: _none, ...unsaid } = weekly;
    const monthly = propertyListingJsonLd(siteUrl, "/images", unsaid).offers as {
      priceSpecification: { unitCode: string; referenceQuantity: { unitCode: string } };
    };
    expect(monthly.priceSpecification.unitCode).toBe("MON");
    expect(monthly.priceSpecification.referenceQuantity.unitCode).toBe("MON");
    const sale = buildProperty({ offer_type: "For Sale", rent_period: "week" });
    expect(propertyListingJsonLd(siteUrl, "/images", sale).offers).not.toHaveProperty(
      "priceSpecification",
    );
  });

  it("follows the currency and area unit, and maps the availability to schema.org", () => {
    const property = buildProperty({ size: 1000, availability: "under_offer" });
    const data = propertyListingJsonLd(siteUrl, "/images", property, {
      currency: { symbol: "€", code: "EUR", decimals: 2 },
      areaUnit: "m2",
    });
    expect(data.offers).toMatchObject({
      priceCurrency: "EUR",
      availability: "https://schema.org/LimitedAvailability",
    });
    expect(data.about).toMatchObject({
      floorSize: { "@type": "QuantitativeValue", value: 92.9, unitCode: "MTK" },
    });
    const available = propertyListingJsonLd(siteUrl, "/images", {
      ...property,
      availability: "available",
    });
    expect(available.offers).toMatchObject({ availability: "https://schema.org/InStock" });
    for (const taken of ["sold_stc", "let_agreed"] as const) {
      const offer = propertyListingJsonLd(siteUrl, "/images", { ...property, availability: taken })
        .offers as Record<string, unknown>;
      expect(offer.availability).toBe("https://schema.org/LimitedAvailability");
    }
    // Another backend sends none: no claim either way.
    const { availability: _none, ...unknown } = property;
    expect(propertyListingJsonLd(siteUrl, "/images", unknown).offers).not.toHaveProperty(
      "availability",
    );
  });
});
