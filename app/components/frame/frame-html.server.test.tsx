import { describe, expect, it } from "vitest";
import { buildCompanyProfile } from "../../../tests/support/factories.ts";
import { defaultSiteSettings } from "../../site-settings.ts";
import { frameHtml, frameSectionOf } from "./frame-html.server.tsx";

/** The label of the header link marked as the current page. */
function currentLink(html: string): string | undefined {
  return html.match(/<a[^>]*aria-current="page"[^>]*>([^<]*)<\/a>/)?.[1];
}

describe("frameSectionOf", () => {
  it("is the first segment of the path, and / for the home page", () => {
    expect(frameSectionOf("/")).toBe("/");
    expect(frameSectionOf("/property")).toBe("/property");
    expect(frameSectionOf("/property/a-house-in-town")).toBe("/property");
    expect(frameSectionOf("/contact")).toBe("/contact");
  });
});

describe("frameHtml", () => {
  it("renders the top bar and header with the profile, the footer below", () => {
    const profile = buildCompanyProfile({ telephone: "+1 555 0100", address: "1 Frame Street" });
    const frame = frameHtml(profile, defaultSiteSettings, "/about");
    expect(frame.top).toContain('class="top-bar"');
    expect(frame.top).toContain("+1 555 0100");
    expect(frame.top).toContain('class="site-header"');
    expect(frame.bottom).toContain('class="site-footer"');
    expect(frame.bottom).toContain("1 Frame Street");
    expect(frame.top).not.toContain("site-footer");
  });

  it("marks the section's navigation link as current: a property page is under Properties", () => {
    const profile = buildCompanyProfile();
    expect(currentLink(frameHtml(profile, defaultSiteSettings, "/").top)).toBe("Home");
    expect(currentLink(frameHtml(profile, defaultSiteSettings, "/property/some-house").top)).toBe(
      "Properties",
    );
    expect(currentLink(frameHtml(profile, defaultSiteSettings, "/faq").top)).toBeUndefined();
  });

  it("uses the settings given, not the defaults", () => {
    const settings = { ...defaultSiteSettings, investorsUrl: "https://investors.test" };
    const frame = frameHtml(buildCompanyProfile(), settings, "/");
    expect(frame.top).toContain("https://investors.test/");
  });

  it("renders each combination once, and again when the profile changes", () => {
    const profile = buildCompanyProfile({ telephone: "+1 555 0111" });
    const first = frameHtml(profile, defaultSiteSettings, "/property/one");
    expect(frameHtml({ ...profile }, defaultSiteSettings, "/property/two")).toBe(first);
    const changed = frameHtml({ ...profile, telephone: "+1 555 0122" }, defaultSiteSettings, "/");
    expect(changed).not.toBe(first);
    expect(changed.top).toContain("+1 555 0122");
  });

  it("gives its ids a prefix of their own, so they cannot repeat the page's", () => {
    const frame = frameHtml(buildCompanyProfile(), defaultSiteSettings, "/");
    const ids = [...`${frame.top}${frame.bottom}`.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const generated = ids.filter(
      (id) => id?.includes("«") || id?.includes("_R_") || id?.includes(":"),
    );
    for (const id of generated) expect(id).toMatch(/frame-(top|bottom)-/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
