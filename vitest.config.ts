import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "data/**"],
    pool: "forks",
    // Two files at once on two cores (decision 087): one kept about 0.6 of a core busy. Test
    // apps run without the overload guard (sideBySideLimits in tests/support/app.ts).
    maxWorkers: 2,
    // Each worker keeps the modules it loaded from one file to the next instead of forking and
    // importing the app again for every file (decision 108): about 60 % of Vitest's CPU was
    // those imports. A file that mocks a module resets the shared ones around it.
    isolate: false,
    // Migrates and seeds the template databases each test's database is copied from.
    globalSetup: ["tests/support/global-setup.ts"],
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
