/**
 * The back office's error page, in its own frame. Rendered by the admin layout's boundary, and
 * by the root's for errors thrown before any loader ran (a refused form token), which React
 * Router sends to the root's boundary.
 */
import { isRouteErrorResponse, Link } from "react-router";
import adminCss from "../styles/admin.css?url";

/** Imports nothing else of the back office: the root's boundary ships it to every page. */
const adminHome = "/admin/";

/** `account`: who is signed in and Sign out, at the header's end (app/admin/account-bar.tsx). */
export function AdminFrame({
  children,
  account,
}: {
  children: React.ReactNode;
  account?: React.ReactNode;
}) {
  return (
    <div className="admin">
      {/* React hoists it into the head; the root's boundary has no admin route's links. */}
      <link rel="stylesheet" href={adminCss} precedence="default" />
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <div className="admin-container admin-header__inner">
          <Link className="admin-header__brand" to={adminHome}>
            Back office
          </Link>
          {account}
        </div>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <div className="admin-container">{children}</div>
      </main>
    </div>
  );
}

export function AdminErrorPage({ error }: { error: unknown }) {
  return (
    <AdminFrame>
      <AdminErrorPanel error={error} />
    </AdminFrame>
  );
}

/** The error's title and message, in a frame of the caller's (a signed-in page's keeps its menu). */
export function AdminErrorPanel({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : status === 404
        ? "There is no such page in the back office."
        : "Something went wrong. Please try again in a moment.";
  const title =
    status === 403
      ? "Not allowed"
      : status === 404
        ? "Page not found"
        : status === 503
          ? "The database is not answering"
          : "Something went wrong";
  return (
    <section className="admin-panel" aria-labelledby="admin-status-title">
      <h1 id="admin-status-title" className="admin-title">
        {title}
      </h1>
      <p>{message}</p>
      <p>
        <Link to={adminHome}>Back office home</Link>
      </p>
    </section>
  );
}
