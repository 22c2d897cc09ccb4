import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.{ts,tsx}"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**", "data/**"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
