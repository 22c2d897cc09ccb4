/**
 * What the back office's routes share: the signed-in session in the router context, the form
 * token's field, and the checks every admin route makes (decisions 036 and 037).
 */
import { createContext, data, redirect } from "react-router";
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

export function toSignIn(): never {
  throw redirect(adminPaths.signIn);
}

/** Appends `Set-Cookie` values to headers (each its own header line). */
export function cookieHeaders(setCookie: readonly string[], headers = new Headers()): Headers {
  for (const value of setCookie) headers.append("set-cookie", value);
  return headers;
}

export function adminMeta(title: string) {
  return [{ title: `${title} · Back office` }, { name: "robots", content: "noindex, nofollow" }];
}
