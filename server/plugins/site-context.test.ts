/**
 * Issue 28: each back-office service has a context key of its own, set only for the back
 * office's requests, so a public page's render holds none of them (and a public loader that
 * reached for one would fail at once rather than quietly hold staff data).
 */
import type { RouterContext } from "react-router";
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
import { provide, routerContextFor } from "./site.ts";

const site = { clientIp: "203.0.113.9" } as SiteRequestContext;

/** Each key with a stand-in told apart by identity: which reach a render, not what they do. */
const keys = [
  staffContext,
  adminListingsContext,
  adminEnquiriesContext,
  adminAuditContext,
  adminContentContext,
  adminPhotosContext,
  adminNewsletterContext,
].map((key, nth) => [key as RouterContext<object>, { nth }] as const);
const backOffice = keys.map(([key, service]) => provide(key, service));

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
    // The service as given, answering a database outage with a 503 (decision 088).
    for (const [key, service] of keys) expect(context.get(key)).toEqual(service);
  });
});
