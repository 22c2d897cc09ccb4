/**
 * Server rendering. Differs from React Router's default in three ways: the whole document is
 * rendered before it is sent, so the first HTML always holds the page's content; the answer's
 * CSP allows the page's inline scripts by their hashes, with no nonce in the page, so the same
 * page is the same bytes for every visitor (decision 031); and a document that does not hydrate
 * (every public page, decision 043) is rendered straight to a string. Public pages carry no
 * inline script that runs (their one script is the enhancement module): only the back office's
 * React Router scripts are hashed.
 */
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { siteRequestContext } from "#app-context";
import { frameHtml } from "./components/frame/frame-html.server.tsx";
import { FrameHtmlContext } from "./components/frame/frame-part.tsx";
import { crossOriginPostLog } from "./cross-origin-post.ts";
import { documentHydrates } from "./hydration.ts";
import type { RootLoaderData } from "./root.tsx";
import { inlineScriptHashes } from "./script-hashes.server.ts";

export const streamTimeout = 5_000;

/**
 * React Router's error log, except that a request the router refuses itself (a post to a page
 * without a form: 405) is logged as a refusal, in one line without a stack. Such requests cost
 * nothing to send and must not flood the error log.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    console.warn(`request refused by the site: ${error.status} ${error.statusText}`);
    return;
  }
  // React Router refuses a form post whose Origin is not the request's own origin (its CSRF
  // check, before any action runs; no other origins are allowed) and answers a bare 400 "Bad
  // Request": logged as a refusal, in the words of app/cross-origin-post.ts.
  const refusal = crossOriginPostLog(request);
  if (refusal !== undefined) {
    console.warn(refusal);
    return;
  }
  // The router's own error responses carry the Error behind them, as its default logs it.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(cause ?? error);
};

/**
 * The answer's status: React Router's, except after a form post whose action answered (with
 * its own status, a 200 say) when a loader then failed. The router keeps the action's status
 * while the page shows the error boundary; the failure's status is the truth (a 503 while the
 * database is away, decision 088, which the site plugin sends with `Retry-After`).
 */
function documentStatus(responseStatusCode: number, routerContext: EntryContext): number {
  if (responseStatusCode >= 400) return responseStatusCode;
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  if (errors.length === 0) return responseStatusCode;
  const failure = errors[0];
  return isRouteErrorResponse(failure) ? failure.status : 500;
}

export default function handleRequest(
  request: Request,
  actionOrLoaderStatus: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const responseStatusCode = documentStatus(actionOrLoaderStatus, routerContext);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const site = loadContext.get(siteRequestContext);
  const answer = (html: string, status: number, scriptHashes: string[]) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const csp = site.contentSecurityPolicy(scriptHashes);
    if (csp !== undefined) responseHeaders.set("Content-Security-Policy", csp);
    return new Response(html, { headers: responseHeaders, status });
  };

  // A document that does not hydrate has nothing to stream: no loader data (React Router's
  // <Scripts> are not rendered) and nothing that suspends. A string render skips encoding the
  // HTML to bytes for a stream only to read it back as text, about a fifth of a property
  // page's CPU time (decision 043, "Rendered to a string"). A render error throws, as a shell
  // error rejects below: React Router renders its error page either way. renderToString leaves
  // out the doctype the stream writes before <html>, so the bytes are the same as streamed.
  // Such a page has no inline script to allow (tests/e2e/public-scripts.spec.ts watches every
  // public page for CSP refusals), so its 60 KB are not scanned for scripts to hash.
  // The frame around the page is the same HTML for a whole section: rendered once per profile,
  // settings and section (frame-html.server.tsx), it reaches the root layout through a context.
  const root = routerContext.staticHandlerContext.loaderData.root as RootLoaderData | undefined;
  const { pathname } = new URL(request.url);
  if (!documentHydrates(pathname, root?.enhanceScript)) {
    const frame = root ? frameHtml(root.records.profile[0], root.settings, pathname) : undefined;
    const html = renderToString(
      <FrameHtmlContext value={frame}>
        <ServerRouter context={routerContext} url={request.url} />
      </FrameHtmlContext>,
    );
    return answer(`<!DOCTYPE html>${html}`, responseStatusCode, []);
  }

  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        onAllReady() {
          const document = new PassThrough();
          pipe(document);
          text(document).then((html) => {
            clearTimeout(timeoutId);
            resolve(answer(html, statusCode, inlineScriptHashes(html)));
          }, reject);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
