import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "data/**"],
    pool: "forks",
    // The suites wait on servers, sockets and timers more than they compute: one file at a time
    // (Vitest's default on two cores) kept about 0.6 of a core busy. Two at least (decision 079).
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
