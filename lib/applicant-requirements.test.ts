/** An applicant's details and requirements as the back office's forms post them (decision 103). */
import { describe, expect, it } from "vitest";
import {
  listingMatches,
  noRequirements,
  type RequirementsForm,
  readApplicantDetails,
  readAreas,
  readRequirements,
} from "./applicant-requirements.ts";

const known = { categoryIds: new Set([1, 2]), amenityIds: new Set([5, 6, 7]) };
const form = (overrides: Partial<RequirementsForm> = {}): RequirementsForm => ({
  wants: "buy",
  budgetMin: "",
  budgetMax: "",
  minBeds: "",
  areas: "",
  categoryIds: [],
  amenityIds: [],
  ...overrides,
});

describe("an applicant's requirements", () => {
  it("reads amounts with separators, areas in lower case once each, and known ids", () => {
    expect(
      readRequirements(
        form({
          budgetMin: "250,000",
          budgetMax: " 400000 ",
          minBeds: "3",
          areas: "Oxford, oxford;\nAbingdon ",
          categoryIds: ["2", "1", "2"],
          amenityIds: ["7"],
        }),
        known,
      ),
    ).toEqual({
      requirements: {
        wants: "buy",
        budgetMin: 250_000,
        budgetMax: 400_000,
        minBeds: 3,
        areas: ["oxford", "abingdon"],
        categoryIds: [1, 2],
        amenityIds: [7],
      },
    });
    expect(readAreas("  ,\n")).toEqual([]);
  });

  it("refuses what is wrong, field by field", () => {
    expect(
      readRequirements(
        form({
          wants: "lease",
          budgetMin: "12.5",
          budgetMax: "-3",
          minBeds: "two",
          categoryIds: ["9"],
          amenityIds: ["x"],
        }),
        known,
      ),
    ).toEqual({
      errors: {
        wants: "Choose buy or rent.",
        budgetMin: expect.stringContaining("whole amount"),
        budgetMax: expect.stringContaining("whole amount"),
        minBeds: expect.stringContaining("whole number of bedrooms"),
        categoryIds: expect.any(String),
        amenityIds: expect.any(String),
      },
    });
    expect(readRequirements(form({ budgetMin: "5", budgetMax: "4" }), known)).toEqual({
      errors: { budgetMax: "The most must not be below the least." },
    });
    expect(readRequirements(form({ wants: "", minBeds: "2" }), known)).toMatchObject({
      errors: { wants: expect.stringContaining("matches nothing") },
    });
    const many = Array.from({ length: 21 }, (_, index) => `town ${index}`).join(",");
    expect(readRequirements(form({ areas: many }), known)).toMatchObject({
      errors: { areas: "Name at most 20 areas." },
    });
    // Nothing at all: no requirements, which is allowed.
    expect(readRequirements(form({ wants: "" }), known)).toEqual({ requirements: noRequirements });
  });

  it("reads details: a name, an address in lower case, a phone or nothing", () => {
    expect(
      readApplicantDetails({ name: " Ada  Buyer ", email: " Ada@Example.COM", phone: "" }),
    ).toEqual({
      details: { name: "Ada Buyer", email: "ada@example.com", phone: "" },
    });
    expect(readApplicantDetails({ name: "", email: "nope", phone: "call me" })).toEqual({
      errors: {
        name: expect.any(String),
        email: expect.any(String),
        phone: expect.any(String),
      },
    });
  });
});

describe("the matching rule", () => {
  const listing = {
    offerType: "For Sale",
    price: 300_000,
    bedroom: 3,
    city: "Oxford",
    province: "Oxfordshire",
    categoryId: 1,
    amenityIds: [5, 6],
  };
  const wants = { ...noRequirements, wants: "buy" as const };

  it("matches on offer, budget, beds, area (city or county), type and every must-have", () => {
    expect(listingMatches(wants, listing)).toBe(true);
    expect(listingMatches(noRequirements, listing)).toBe(false);
    expect(listingMatches({ ...wants, wants: "rent" }, listing)).toBe(false);
    expect(listingMatches({ ...wants, budgetMin: 300_000, budgetMax: 300_000 }, listing)).toBe(
      true,
    );
    expect(listingMatches({ ...wants, budgetMin: 300_001 }, listing)).toBe(false);
    expect(listingMatches({ ...wants, budgetMax: 299_999 }, listing)).toBe(false);
    expect(listingMatches({ ...wants, minBeds: 3 }, listing)).toBe(true);
    expect(listingMatches({ ...wants, minBeds: 4 }, listing)).toBe(false);
    expect(listingMatches({ ...wants, areas: ["oxfordshire"] }, listing)).toBe(true);
    expect(listingMatches({ ...wants, areas: ["leeds", "oxford"] }, listing)).toBe(true);
    expect(listingMatches({ ...wants, areas: ["leeds"] }, listing)).toBe(false);
    expect(listingMatches({ ...wants, categoryIds: [2] }, listing)).toBe(false);
    expect(listingMatches({ ...wants, categoryIds: [2, 1] }, listing)).toBe(true);
    expect(listingMatches({ ...wants, amenityIds: [5, 6] }, listing)).toBe(true);
    expect(listingMatches({ ...wants, amenityIds: [5, 7] }, listing)).toBe(false);
    expect(listingMatches({ ...wants, categoryIds: [1] }, { ...listing, categoryId: null })).toBe(
      false,
    );
  });
});
