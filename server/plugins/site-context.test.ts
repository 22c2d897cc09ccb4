/**
 * Issue 28: each back-office service has a context key of its own, set only for the back
 * office's requests, so a public page's render holds none of them (and a public loader that
 * reached for one would fail at once rather than quietly hold staff data).
 */
import { describe, expect, it } from "vitest";
import {
  adminAuditContext,
  adminContentContext,
  adminEnquiriesContext,
  adminListingsContext,
  adminNewsletterContext,
  adminPhotosContext,
  type SiteRequestContext,
  siteRequestContext,
  staffContext,
} from "#app-context";
import { type BackOfficeServices, routerContextFor } from "./site.ts";

/** Stand-ins told apart by identity: the test checks which reach a render, not what they do. */
const backOffice = {
  staff: { name: "staff" },
  listings: { name: "listings" },
  enquiries: { name: "enquiries" },
  audit: { name: "audit" },
  content: { name: "content" },
  photos: { name: "photos" },
  newsletter: { name: "newsletter" },
} as unknown as BackOfficeServices;
const site = { clientIp: "203.0.113.9" } as SiteRequestContext;

const keys = [
  [staffContext, backOffice.staff],
  [adminListingsContext, backOffice.listings],
  [adminEnquiriesContext, backOffice.enquiries],
  [adminAuditContext, backOffice.audit],
  [adminContentContext, backOffice.content],
  [adminPhotosContext, backOffice.photos],
  [adminNewsletterContext, backOffice.newsletter],
] as const;

describe("a render's router context", () => {
  it.each(["/", "/property/some-home-hp-1001", "/search?view=map", "/administrator", "/shortlist"])(
    "of %s holds what every render has and no back-office service",
    (url) => {
      const context = routerContextFor(url, site, backOffice);
      expect(context.get(siteRequestContext)).toBe(site);
      for (const [key] of keys) expect(() => context.get(key)).toThrow();
    },
  );

  it.each([
    "/admin",
    "/admin/",
    "/admin/listings",
    "/admin/listings.data",
    "/ADMIN/sign-in?next=/admin",
  ])("of %s holds each back-office service under its own key", (url) => {
    const context = routerContextFor(url, site, backOffice);
    expect(context.get(siteRequestContext)).toBe(site);
    for (const [key, service] of keys) expect(context.get(key)).toBe(service);
  });
});
