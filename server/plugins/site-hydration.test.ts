/**
 * Deferred hydration on the built site (run `npm run build` first; decision 023): the HTML of a
 * page that hydrates asks for no script before it has loaded, and its one module script hands
 * React Router's work to the hydration gate. The browser side is in tests/e2e.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestSiteApp, type TestApp } from "../testing/app.ts";

describe("deferred hydration in the built site", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestSiteApp("sqlite");
  });
  afterAll(() => test.close());

  const htmlOf = async (url: string) => (await test.app.inject({ url })).body;
  const moduleScripts = (html: string) =>
    [...html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? "",
    );

  it.each(["/property", "/search", "/contact", "/faq"])(
    "%s: no modulepreload, and React Router's imports wait for the gate",
    async (url) => {
      const html = await htmlOf(url);
      expect(html).not.toMatch(/<link\b[^>]*rel="modulepreload"/);
      const [script, ...others] = moduleScripts(html);
      expect(others).toEqual([]);
      expect(script).toMatch(/^\(function gateHydration\(/);
      // Every import is dynamic, inside the function the gate calls.
      expect(script).not.toMatch(/^\s*import\s+[^(]/m);
      expect(script).toMatch(
        /const \[route0, [\w, ]+\] = await Promise\.all\(\[import\("\/assets\/root-/,
      );
      expect(script).toMatch(/await import\("\/assets\/entry\.client-[^"]+\.js"\);\n\}\);$/);
      expect(script).toContain("window.__reactRouterRouteModules = {");
    },
  );

  it("leaves the home page, which does not hydrate, with its enhancement module only", async () => {
    const html = await htmlOf("/");
    expect(html).not.toContain("gateHydration");
    expect(html).toMatch(/<script type="module" src="\/assets\/entry\.enhance-[^"]+\.js"/);
  });
});
