/**
 * Every answer under /admin, whatever answered it (a page, a data request, a redirect, an
 * error), is private: never stored by a proxy or a browser cache, never indexed, and its URL
 * (a set-password link's token) never sent to another site as a Referer. `same-origin`, not
 * `no-referrer`: under `no-referrer` a browser sends a form post's `Origin` as `null`, which
 * React Router refuses as a cross-site action ("Bad Request"), so no admin form worked without
 * JavaScript (decisions 044, 045).
 */
import type { onSendHookHandler } from "fastify";
import { isAdminPath } from "../admin-path.ts";

export const privateAdminAnswers: onSendHookHandler = (request, reply, payload, done) => {
  if (isAdminPath(request.url)) {
    reply.header("cache-control", "no-store, private");
    reply.header("x-robots-tag", "noindex, nofollow");
    reply.header("referrer-policy", "same-origin");
    reply.removeHeader("etag");
  }
  done(null, payload);
};
