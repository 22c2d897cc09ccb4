/**
 * The React Router site for every path outside /api and /images. In production it serves
 * build/ (run `npm run build` first); under `npm run dev`, Vite's dev server.
 */
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import type { FastifyInstance } from "fastify";
import { RouterContextProvider } from "react-router";
import type { ViteDevServer } from "vite";
import type { SingleUseStore } from "#app-context";
import { siteRequestContext } from "#app-context";
import type { Config } from "../../config/env.ts";

export interface SiteOptions {
  config: Config;
  devServer?: ViteDevServer;
  /** Spent enquiry puzzle tokens: shared through Redis when several app servers run. */
  usedPuzzleTokens: SingleUseStore;
}

const projectRoot = resolve(import.meta.dirname, "../..");
export const serverBuildPath = resolve(projectRoot, "build/server/index.js");

export async function sitePlugin(app: FastifyInstance, options: SiteOptions) {
  const { config, devServer, usedPuzzleTokens } = options;
  if (!devServer && !existsSync(serverBuildPath)) {
    throw new Error(`The site is not built: ${serverBuildPath} is missing. Run \`npm run build\`.`);
  }
  const siteConfig = {
    apiBaseUrl: config.apiBaseUrl,
    imageBaseUrl: config.IMAGE_BASE_URL,
    imageDerivatives: config.IMAGE_DERIVATIVES,
    apiToken: config.API_TOKEN,
    investorsUrl: config.INVESTORS_URL,
    puzzleSecret:
      config.PUZZLE_SECRET ??
      createHmac("sha256", config.API_TOKEN).update("enquiry puzzle tokens").digest("hex"),
  };

  await app.register(fastifyReactRouter, {
    ...(devServer ? { devServer } : {}),
    serverBuildPath,
    clientBuildDirectory: resolve(projectRoot, "build/client"),
    mode: config.NODE_ENV === "production" ? "production" : "development",
    // Built assets have content hashes in their names: cache them for a year.
    assetCacheControl: "public, max-age=31536000, immutable",
    fileCacheControl: "public, max-age=3600",
    getLoadContext(request, reply) {
      const context = new RouterContextProvider();
      context.set(siteRequestContext, {
        config: siteConfig,
        cspNonce: reply.cspNonce?.script ?? "",
        clientIp: request.ip,
        usedPuzzleTokens,
      });
      return context;
    },
  });
}
