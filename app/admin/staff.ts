/**
 * What the back office's routes share: the signed-in session in the router context, the form
 * token's field, and the checks every admin route makes (decisions 036 and 037).
 */
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { type StaffSession, staffContext } from "#app-context";

/** The name of every admin form's token field. */
export const formTokenField = "csrf";

/** The session of a signed-in request, set by the signed-in layout's middleware. */
export const staffSessionContext = createContext<StaffSession>();

export const adminPaths = {
  home: "/admin/",
  signIn: "/admin/sign-in",
  signOut: "/admin/sign-out",
  staff: "/admin/staff",
  password: "/admin/password",
  listings: "/admin/listings",
  listingTransfer: "/admin/listings/import-export",
  listingExport: "/admin/listings/export",
  enquiries: "/admin/enquiries",
  viewings: "/admin/viewings",
  enquiriesExport: "/admin/enquiries/export",
  dataRequests: "/admin/enquiries/data-requests",
  dataRequestExport: "/admin/enquiries/data-requests/export",
  audit: "/admin/audit",
  feeds: "/admin/feeds",
  portals: "/admin/portals",
  newsletter: "/admin/newsletter",
  newsletterExport: "/admin/newsletter/export",
  sliders: "/admin/sliders",
  collections: "/admin/collections",
  profile: "/admin/profile",
  amenities: "/admin/amenities",
  categories: "/admin/categories",
  viewingHours: "/admin/viewings/availability",
} as const;

/** A listing's figures page (decision 099). */
export function figuresPath(code: string): string {
  return `/admin/listings/${encodeURIComponent(code)}/figures`;
}

/** A listing's vendor report download, as CSV or PDF (decision 099). */
export function vendorReportPath(code: string, format: "csv" | "pdf"): string {
  return `${figuresPath(code)}/report?format=${format}`;
}

/** Where a one-time set-password link leads (its token follows). */
export const setPasswordPathPrefix = "/admin/set-password/";

/** The page that asks before an account's access is removed (decision 063). */
export function staffRemovePath(id: number): string {
  return `/admin/staff/${id}/remove`;
}

export const refusals = {
  formToken:
    "This form has expired or did not come from this site. Go back, reload the page and try again.",
  ownersOnly: "Only an owner can open this page.",
} as const;

/** A 403 the admin error boundary shows. */
export function forbidden(message: string): never {
  throw data({ message }, { status: 403 });
}

/**
 * The middleware of every signed-in page (decision 036): a signed-out request goes to the
 * sign-in page before any loader or action runs; a signed-in one finds its session in the
 * router context (staffSessionContext).
 */
export const signedInOnly: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await context.get(staffContext).session(request);
  if (!session) toSignIn(request);
  context.set(staffSessionContext, session);
};

/** An owner's session; anyone else is refused (403) before an owner-only route does anything. */
export function ownerSession(context: Readonly<RouterContextProvider>): StaffSession {
  const session = context.get(staffSessionContext);
  if (session.user.role !== "owner") forbidden(refusals.ownersOnly);
  return session;
}

/** The parameter of a page's notice of what a post just did (`?done=saved`). */
export const doneParam = "done";

/** The sign-in page's parameter naming the back-office page to go on to. */
export const nextParam = "next";

/**
 * Sends a signed-out request to the sign-in page, naming the page to go back to once signed
 * in: the page asked for (a GET: a link from an e-mail, a bookmark, a page reloaded after the
 * session ended), or the page a refused post came from (its same-origin `Referer`), such as
 * the listing editor whose typed work the browser keeps (decision 064).
 */
export function toSignIn(request: Request): never {
  const url = new URL(request.url);
  // A client-side navigation asks React Router's data URL of the page (`/admin/listings.data`,
  // `/admin/_.data` for /admin/, with `_routes`): name the page itself.
  const page = url.pathname.replace(/(\/_)?\.data$/, (_, index) => (index ? "/" : ""));
  url.searchParams.delete("_routes");
  const asked =
    request.method === "GET" ? nextPathOf(`${page}${url.search}`) : postedFrom(request, url);
  // The home page is where signing in leads anyway.
  throw redirect(
    asked && asked !== "/admin" && asked !== adminPaths.home
      ? `${adminPaths.signIn}?${new URLSearchParams({ [nextParam]: asked })}`
      : adminPaths.signIn,
  );
}

/**
 * The back-office page a post was sent from, when its browser said so. Only this site's: the
 * host is compared, not the scheme, which a TLS-ending proxy may change.
 */
function postedFrom(request: Request, url: URL): string | undefined {
  const referer = URL.parse(request.headers.get("referer") ?? "");
  if (!referer || referer.host !== url.host) return undefined;
  return nextPathOf(`${referer.pathname}${referer.search}`);
}

/**
 * Where signing in may lead: a path of this site's back office only (never another site, as
 * `//elsewhere.example` or `/admin/../x` would), not the sign-in page itself.
 */
export function nextPathOf(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/admin")) return undefined;
  const url = new URL(value, "http://site.invalid");
  if (url.origin !== "http://site.invalid") return undefined;
  if (url.pathname !== "/admin" && !url.pathname.startsWith("/admin/")) return undefined;
  if (url.pathname === adminPaths.signIn) return undefined;
  // A notice of something done before the session ended ("… is saved") is not said again.
  url.searchParams.delete(doneParam);
  return `${url.pathname}${url.search}`;
}

/** Appends `Set-Cookie` values to headers (each its own header line). */
export function cookieHeaders(setCookie: readonly string[], headers = new Headers()): Headers {
  for (const value of setCookie) headers.append("set-cookie", value);
  return headers;
}

export function adminMeta(title: string) {
  return [{ title: `${title} · Back office` }, { name: "robots", content: "noindex, nofollow" }];
}
