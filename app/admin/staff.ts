/**
 * What the back office's routes share: the signed-in session in the router context, the form
 * token's field, and the checks every admin route makes (decisions 036 and 037).
 */
import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import type { StaffSession } from "#app-context";

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
  enquiries: "/admin/enquiries",
  enquiriesExport: "/admin/enquiries/export",
  dataRequests: "/admin/enquiries/data-requests",
  dataRequestExport: "/admin/enquiries/data-requests/export",
  audit: "/admin/audit",
  sliders: "/admin/sliders",
  collections: "/admin/collections",
  profile: "/admin/profile",
  amenities: "/admin/amenities",
  categories: "/admin/categories",
} as const;

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

/** An owner's session; anyone else is refused (403) before an owner-only route does anything. */
export function ownerSession(context: Readonly<RouterContextProvider>): StaffSession {
  const session = context.get(staffSessionContext);
  if (session.user.role !== "owner") forbidden(refusals.ownersOnly);
  return session;
}

/** The sign-in page's parameter naming the back-office page to go on to. */
export const nextParam = "next";

/**
 * Sends a signed-out request to the sign-in page. A page asked for (a GET: a link from an
 * e-mail, a bookmark, a page reloaded after the session ended) is named, so signing in leads
 * back to it.
 */
export function toSignIn(request: Request): never {
  const url = new URL(request.url);
  // A client-side navigation asks React Router's data URL of the page (`/admin/listings.data`,
  // `/admin/_.data` for /admin/, with `_routes`): name the page itself.
  const page = url.pathname.replace(/(\/_)?\.data$/, (_, index) => (index ? "/" : ""));
  url.searchParams.delete("_routes");
  const asked = request.method === "GET" ? nextPathOf(`${page}${url.search}`) : undefined;
  // The home page is where signing in leads anyway.
  throw redirect(
    asked && asked !== "/admin" && asked !== adminPaths.home
      ? `${adminPaths.signIn}?${new URLSearchParams({ [nextParam]: asked })}`
      : adminPaths.signIn,
  );
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
