import { gateHydration } from "./hydration-gate.ts";

/**
 * Hydration once the page has loaded (decision 023). React Router's `<Scripts>` make the
 * browser download React, React Router and the route's modules while it is still parsing the
 * HTML: `<link rel="modulepreload">` tags (React hoists them into the head) and a module
 * script whose static imports start at once. On a phone those ~110 KB share a slow link with
 * the page's largest image, which then paints about a second later. The page works as plain
 * HTML until React takes over, so React can wait until the page has painted.
 *
 * `deferHydration(html)` rewrites a rendered document to do that: the modulepreload links
 * leave the head, and React Router's module script becomes a call of `gateHydration`
 * (app/hydration-gate.ts: when to start, and what happens to clicks and posts until then) with
 * the script's own work as the function it calls: add the same preloads (so the modules still
 * download side by side), import the route modules dynamically, in the order and under the
 * names it imported them statically, then run the rest as before (the route manifest, the
 * route modules' registration, the entry's import). The scripts that carry the loader data
 * download nothing and run at once, as before.
 *
 * A document that does not look as expected (no such module script, or an import this does
 * not understand) is answered as it is, and hydrates at once.
 */

/** React Router's module script: the one that registers the route modules. */
const routeModulesScript =
  /(<script\b[^>]*\btype="module"[^>]*>)([^<]*window\.__reactRouterRouteModules[^<]*)(<\/script>)/;
const modulePreload = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const hrefAttribute = /\bhref="([^"]+)"/;
/** `import * as name from "url";` or `import "url";`, alone on a line. */
const staticImport = /^[\s;]*import\s+(?:\*\s+as\s+([\w$]+)\s+from\s+)?("[^"\n]+")\s*;?\s*$/gm;
/** Any static import left over (a dynamic `import(` is fine). */
const leftoverImport = /^[\s;]*import\s*[^\s(]/m;
/** The entry's dynamic import, a statement of its own. */
const entryImport = /^(\s*)import\(/m;

/** What marks React Router's module script. */
const routeModulesMarker = "window.__reactRouterRouteModules";
const moduleScriptTag = /^<script\b[^>]*\btype="module"[^>]*>$/;

/**
 * The route-module script as `routeModulesScript` finds it, but found from the marker with
 * `indexOf`: the pattern's `[^<]*…[^<]*` goes back and forth over every long inline script
 * before it (the loader data), which cost about a twentieth of a page's render.
 */
function findRouteModulesScript(
  html: string,
): { index: number; whole: string; open: string; body: string; close: string } | undefined {
  const marker = html.indexOf(routeModulesMarker);
  if (marker === -1) return undefined;
  const index = html.lastIndexOf("<script", marker);
  const openEnd = html.indexOf(">", index) + 1;
  const end = html.indexOf("</script>", marker);
  const open = html.slice(index, openEnd);
  const body = html.slice(openEnd, end);
  if (index !== -1 && end !== -1 && openEnd <= marker && !body.includes("<")) {
    if (moduleScriptTag.test(open)) {
      const close = "</script>";
      return { index, whole: open + body + close, open, body, close };
    }
  }
  // Not the expected shape at the first marker: the pattern decides, as it always did.
  const script = routeModulesScript.exec(html);
  if (!script) return undefined;
  const [whole, scriptOpen = "", scriptBody = "", scriptClose = ""] = script;
  return { index: script.index, whole, open: scriptOpen, body: scriptBody, close: scriptClose };
}

export function deferHydration(html: string): string {
  const script = findRouteModulesScript(html);
  if (!script) return html;
  const { index, whole, open, body, close } = script;

  const imports: { name: string | undefined; url: string }[] = [];
  const rest = body.replace(staticImport, (_line, name: string | undefined, url: string) => {
    imports.push({ name, url });
    return "";
  });
  if (imports.length === 0 || leftoverImport.test(rest) || !entryImport.test(rest)) return html;

  // React hoists the preloads into the head: the body is searched only when it names one.
  const headEnd = html.indexOf("</head>");
  const searched =
    headEnd === -1 || html.includes('rel="modulepreload"', headEnd) ? html.length : headEnd;
  const head = html.slice(0, searched);
  const preloads = [...head.matchAll(modulePreload)].flatMap(
    ([tag]) => hrefAttribute.exec(tag)?.slice(1, 2) ?? [],
  );
  const names = imports.map(({ name }) => name ?? "").join(", ");
  const hydrate = [
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${names}] = await Promise.all([${imports.map(({ url }) => `import(${url})`).join(", ")}]);`,
    rest.trim().replace(entryImport, "$1await import("),
  ].join("\n");
  const deferredBody = `(${gateHydration.toString()})(async () => {\n${hydrate}\n});`;

  // Sliced, not replaced: `$` in the script is not a replacement pattern.
  const rewritten = `${html.slice(0, index)}${open}${deferredBody}${close}${html.slice(index + whole.length)}`;
  if (searched === html.length || index < searched) return rewritten.replace(modulePreload, "");
  return head.replace(modulePreload, "") + rewritten.slice(searched);
}
