import { fastifyReactRouterDev } from "@mcansh/react-router-fastify/vite";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    reactRouter(),
    // `npm run dev` runs the whole Fastify server (API and site) through Vite.
    fastifyReactRouterDev({
      entry: "./server/dev-entry.ts",
      externalizeServerEntryImports: ["#app-context"],
    }),
  ],
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        // A phone on HTTP/1.1 pays a round trip per file, six at a time: a first load of 16 small
        // chunks cost more than their bytes (decision 020). The framework goes in one chunk, and
        // site code shared by several routes in another; each route keeps its own chunk, and code
        // loaded later (Embla) stays out of both.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules\/(react|react-dom|react-router|scheduler)\//,
              // First: a group takes its modules' dependencies too, so the framework must be
              // taken before the back office's group would take React into its chunk.
              priority: 3,
            },
            { name: "app", test: /\/(app|lib)\//, minShareCount: 2, priority: 1 },
            // The back office's shared code stays out of the public pages' chunk (decision 036).
            {
              name: "admin",
              test: /\/app\/(admin\/(?!error-page)|routes\/admin\/)|\/lib\/staff-rules/,
              minShareCount: 2,
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
