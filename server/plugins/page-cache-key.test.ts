import { describe, expect, it } from "vitest";
import { createPageCacheKey } from "./page-cache-key.ts";

/** A route manifest shaped like the build's: a root with a listing, a detail and a catch-all. */
const routes = {
  root: { id: "root", path: "", module: {} },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: {} },
  "routes/search": {
    id: "routes/search",
    parentId: "root",
    path: "search",
    module: { handle: { searchParams: ["email", "page", "sort"] } },
  },
  "routes/detail": { id: "routes/detail", parentId: "root", path: "property/:code", module: {} },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: {} },
};

describe("the page cache key", () => {
  const keyOf = createPageCacheKey(routes);

  it("keeps a URL without a query as it is", () => {
    expect(keyOf("/property/HP-1001")).toBe("/property/HP-1001");
    expect(keyOf("/")).toBe("/");
  });

  it("drops every parameter of a route that reads none", () => {
    expect(keyOf("/?utm_source=mail")).toBe("/");
    expect(keyOf("/property/HP-1001?b=123&x")).toBe("/property/HP-1001");
    expect(keyOf("/no/such/page?b=1")).toBe("/no/such/page");
  });

  it("keeps only the parameters the route reads, sorted by name", () => {
    expect(keyOf("/search?sort=new&junk=1&email=garden&page=2")).toBe(
      "/search?email=garden&page=2&sort=new",
    );
    expect(keyOf("/search?page=2&email=garden&sort=new&b=9")).toBe(
      keyOf("/search?email=garden&sort=new&page=2"),
    );
    expect(keyOf("/search?b=1")).toBe("/search");
  });

  it("keeps repeated parameters in their order and empty values", () => {
    expect(keyOf("/search?page=3&email=&page=1")).toBe("/search?email=&page=3&page=1");
  });
});
