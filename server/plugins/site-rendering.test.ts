/**
 * One rendering mode (decision 043) on the built site (run `npm run build` first): a public page
 * is server HTML with the enhancement module as its one script, no React Router scripts, no
 * loader data, no inline script (JSON-LD data aside) and so no script hash in its CSP; the back
 * office keeps React Router's scripts. The enquiry forms' script posts to a JSON endpoint that
 * runs the pages' own submission. The browser side is in tests/e2e/public-scripts.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSiteApp, type TestApp } from "../../tests/support/app.ts";

describe("the built site's rendering", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestSiteApp("sqlite");
  });
  afterAll(() => test.close());

  const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

  it.each(["/", "/property", "/search", "/contact", "/faq", "/about", "/no-such-page"])(
    "%s: the enhancement module alone, no React Router scripts, no script hash",
    async (url) => {
      const answer = await test.app.inject({ url });
      // Rendered to a string (app/entry.server.tsx): still a whole document, doctype first.
      expect(answer.body.startsWith('<!DOCTYPE html><html lang="en"><head>')).toBe(true);
      const tags = scriptTags(answer.body);
      const modules = tags.filter((tag) => tag.includes('type="module"'));
      expect(modules).toHaveLength(1);
      expect(modules[0]).toMatch(/^<script type="module" src="\/assets\/entry\.enhance-[^"]+\.js"/);
      for (const tag of tags.filter((each) => !modules.includes(each))) {
        expect(tag).toContain('type="application/ld+json"');
      }
      expect(answer.body).not.toContain("modulepreload");
      expect(answer.body).not.toContain("__reactRouter");
      expect(String(answer.headers["content-security-policy"])).not.toContain("'sha256-");
    },
  );

  it("keeps React Router's scripts, allowed by their hashes, in the back office", async () => {
    const answer = await test.app.inject({ url: "/admin/sign-in" });
    expect(answer.body.startsWith('<!DOCTYPE html><html lang="en"><head>')).toBe(true);
    expect(answer.body).toContain("__reactRouterContext");
    // The loader data streamed to its end: the stream's reader closed it.
    expect(answer.body).toContain("streamController.close()");
    expect(answer.body).not.toMatch(/<script type="module" src="\/assets\/entry\.enhance-/);
    expect(String(answer.headers["content-security-policy"])).toContain("'sha256-");
  });

  it("answers an enquiry from the forms' script as JSON, by the pages' own submission", async () => {
    const answer = await test.app.inject({
      method: "POST",
      url: "/enquiry/send/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "fullname=Ann&telephone=1&email=ann%40example.com&message=Hi&how_you_hear=A",
    });
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    // No puzzle token: held, answered with a puzzle to solve and the fields as typed.
    const result = answer.json() as { outcome: string; values: Record<string, string> };
    expect(result.outcome).toBe("puzzle");
    expect(result.values.fullname).toBe("Ann");
    const unknown = await test.app.inject({ method: "POST", url: "/enquiry/send/other" });
    expect(unknown.statusCode).toBe(404);
  });
});
