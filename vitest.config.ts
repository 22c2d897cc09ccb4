import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "data/**"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: {
      deps: {
        // Loaded by Node itself, as the built site (build/server) loads it: the server and
        // the site then share one context token in tests that serve the built site.
        external: [/\/app\/context\.ts$/],
      },
    },
  },
});
