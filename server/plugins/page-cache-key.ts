/**
 * The page cache's key of a URL (decision 028): its path, and of its query only the parameters
 * that the routes matching the path read (their handles' `searchParams`, see RouteHandle in
 * app/root.tsx), sorted by name. Any other parameter (`?utm_source=…`, `?b=<random>`) then
 * shares the page instead of making a new entry and a new render, and parameters in another
 * order share it too. The key is also the URL the cache renders, so the page never shows a
 * parameter it was not keyed by.
 */

import type { ServerBuild } from "react-router";
import { type DataRouteObject, matchRoutes } from "react-router";

/** What the page cache needs of a route: its place in the tree and its handle. */
type BuildRoutes = Record<
  string,
  | {
      id: string;
      parentId?: string | undefined;
      path?: string | undefined;
      index?: boolean | undefined;
      caseSensitive?: boolean | undefined;
      module: { handle?: unknown };
    }
  | undefined
>;

/** The build's flat route manifest as the nested routes matchRoutes takes. */
function routeTree(routes: BuildRoutes, parentId?: string): DataRouteObject[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive, module } = route as NonNullable<typeof route>;
      const common = {
        id,
        ...(path === undefined ? {} : { path }),
        ...(caseSensitive === undefined ? {} : { caseSensitive }),
        handle: module.handle,
      };
      return index
        ? { ...common, index: true as const }
        : { ...common, children: routeTree(routes, id) };
    });
}

function searchParamsOf(handle: unknown): readonly string[] {
  const names = (handle as { searchParams?: unknown } | undefined)?.searchParams;
  return Array.isArray(names) ? names.filter((name) => typeof name === "string") : [];
}

/** The key function of a built site: `keyOf(request.url)`. */
export function createPageCacheKey(routes: ServerBuild["routes"] | BuildRoutes) {
  const tree = routeTree(routes as BuildRoutes);
  return function keyOf(url: string): string {
    const queryAt = url.indexOf("?");
    // Most visits carry no query: their key is the URL, with no route matching.
    if (queryAt === -1) return url;
    const path = url.slice(0, queryAt);
    const read = new Set(
      (matchRoutes(tree, path) ?? []).flatMap((match) => searchParamsOf(match.route.handle)),
    );
    if (read.size === 0) return path;
    // A stable sort: repeated parameters keep their order, which a route reading all of
    // them (or the first) may rely on.
    const kept = [...new URLSearchParams(url.slice(queryAt + 1))]
      .filter(([name]) => read.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const query = new URLSearchParams(kept).toString();
    return query === "" ? path : `${path}?${query}`;
  };
}
