import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.server.ts";

/** A document around one module script of `body`, and a modulepreload link in its head. */
const documentWith = (body: string) =>
  `<html><head><link rel="modulepreload" href="/assets/a.js"/></head><body><script type="module" async="">${body}</script></body></html>`;

describe("deferHydration", () => {
  it("answers a document without React Router's route-module script as it is", () => {
    const html = documentWith('import "/assets/enhance.js";');
    expect(deferHydration(html)).toBe(html);
  });

  it("answers a script with an import it does not understand as it is (it then hydrates at once)", () => {
    const html = documentWith(
      'import { a } from "/assets/a.js";\nwindow.__reactRouterRouteModules = {};\nimport("/assets/entry.js");',
    );
    expect(deferHydration(html)).toBe(html);
  });

  it("moves the imports and the preloads into the function the gate calls", () => {
    const html = documentWith(
      ';\nimport * as route0 from "/assets/a.js";\nimport "/assets/manifest.js";\n  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.js");',
    );
    const deferred = deferHydration(html);
    expect(deferred).not.toContain("<link");
    expect(deferred).toContain('for (const href of ["/assets/a.js"]) document.head.append(');
    expect(deferred).toContain(
      'const [route0, ] = await Promise.all([import("/assets/a.js"), import("/assets/manifest.js")]);\nwindow.__reactRouterRouteModules = {"root":route0};\n\nawait import("/assets/entry.js");\n});</script>',
    );
    expect(deferred).toMatch(/<script type="module" async="">\(function gateHydration\(/);
  });

  it("keeps `$` in the script as it is", () => {
    const html = documentWith(
      'import * as route0 from "/assets/a.js";\nwindow.__reactRouterRouteModules = {"$&":route0};\nimport("/assets/e.js");',
    );
    expect(deferHydration(html)).toContain('{"$&":route0}');
  });

  it("rewrites the module script when the marker first shows elsewhere, and leaves the rest alone", () => {
    const script =
      'import * as route0 from "/assets/a.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/e.js");';
    const data =
      '<script>window.__reactRouterContext = "window.__reactRouterRouteModules";</script>';
    const deferred = deferHydration(`${data}${documentWith(script)}`);
    expect(deferred.startsWith(data)).toBe(true);
    expect(deferred).toContain('await import("/assets/e.js");');
    expect(deferred).not.toContain('\nimport("/assets/e.js")');
  });

  it("moves a preload link out of the body too", () => {
    const script =
      'import * as route0 from "/assets/a.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/e.js");';
    const html = documentWith(script).replace(
      "<body>",
      '<body><link rel="modulepreload" href="/assets/b.js"/>',
    );
    const deferred = deferHydration(html);
    expect(deferred).not.toContain("<link");
    expect(deferred).toContain('for (const href of ["/assets/a.js","/assets/b.js"])');
  });
});
