/**
 * One @fastify/static for the whole server: the React Router adapter would otherwise bring its
 * own older copy (9.x, with published route-guard advisories fixed in 10.1); package.json's
 * `overrides` gives it the server's.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const versionOf = (from: string) => {
  const require = createRequire(from);
  const path = require.resolve("@fastify/static/package.json");
  return JSON.parse(readFileSync(path, "utf8")).version as string;
};

describe("@fastify/static", () => {
  it("is the server's own version for the React Router adapter too", () => {
    const adapter = createRequire(import.meta.url).resolve("@mcansh/react-router-fastify");
    const serverVersion = versionOf(import.meta.url);
    expect(versionOf(adapter)).toBe(serverVersion);
    expect(Number(serverVersion.split(".")[0])).toBeGreaterThanOrEqual(10);
  });
});
