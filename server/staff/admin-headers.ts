/**
 * Every answer under /admin, whatever answered it (a page, a data request, a redirect, an
 * error), is private: never stored by a proxy or a browser cache, never indexed, and its URL
 * (a set-password link's token) never sent on as a Referer to another site. `same-origin`, not
 * `no-referrer`: under `no-referrer` Chromium posts a form without JavaScript with `Origin:
 * null`, which React Router refuses (400) as a cross-site action (decision 044).
 */
import type { onSendHookHandler } from "fastify";

export function isAdminPath(url: string): boolean {
  return /^\/admin(?:[/.?]|$)/i.test(url);
}

export const privateAdminAnswers: onSendHookHandler = (request, reply, payload, done) => {
  if (isAdminPath(request.url)) {
    reply.header("cache-control", "no-store, private");
    reply.header("x-robots-tag", "noindex, nofollow");
    reply.header("referrer-policy", "same-origin");
    reply.removeHeader("etag");
  }
  done(null, payload);
};
