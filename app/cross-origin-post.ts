/**
 * React Router's CSRF check, for the one place it does not run: it refuses a document's form
 * post whose `Origin` is another origin than the request's own (no other origins are allowed,
 * react-router.config.ts), but a resource route's action (`/enquiry/send/{form}`, the forms'
 * script) is not checked. `refuseCrossOriginPost` applies the same rule there and answers the
 * same bare 400, and `crossOriginPostLog` is the one line both refusals are logged with
 * (decision 066).
 */

/** The refusal's log line when `request` is a post from another origin; undefined otherwise. */
export function crossOriginPostLog(request: Request): string | undefined {
  const origin = request.headers.get("origin");
  const own = new URL(request.url).origin;
  if (request.method === "GET" || request.method === "HEAD" || !origin || origin === own) {
    return undefined;
  }
  // Behind a proxy that drops the port from Host, every post is refused so: say which two
  // origins differ.
  return (
    `form post refused: its Origin ${origin} is not this site's origin ${own} ` +
    "(a proxy in front must pass the Host header with its port)"
  );
}

/** Throws React Router's answer to a cross-origin form post (400 "Bad Request"), logged. */
export function refuseCrossOriginPost(request: Request): void {
  const refusal = crossOriginPostLog(request);
  if (refusal === undefined) return;
  console.warn(refusal);
  throw new Response("Bad Request", { status: 400 });
}
