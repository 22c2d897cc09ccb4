/**
 * The newsletter's addresses (decision 078), owners only (personal data, like the data
 * requests): newest first, 50 a page, each with its state and dates; the CSV export one link
 * away; each address deleted by its own button (with its queued mails, recorded in the audit
 * log without the address). Works without JavaScript: the pages are links, a delete a post.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminNewsletterContext } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import { adminMeta, adminPaths, doneParam, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

const statusNames = {
  pending: "Waiting for confirmation",
  confirmed: "Subscribed",
  unsubscribed: "Unsubscribed",
} as const;

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get("page") ?? "1");
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const url = new URL(request.url);
  const list = await context.get(adminNewsletterContext).list(session, pageOf(url));
  return { ...list, done: url.searchParams.get(doneParam), csrfToken: session.csrfToken };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isSafeInteger(id) || id <= 0) {
    throw data({ message: "This request is not one the page sends." }, { status: 400 });
  }
  const removed = await context.get(adminNewsletterContext).remove(session, id);
  const page = pageOf(new URL(request.url));
  return redirect(
    `${adminPaths.newsletter}?${doneParam}=${removed ? "deleted" : "missing"}${page > 1 ? `&page=${page}` : ""}`,
  );
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageSize, done, csrfToken } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageHref = (number: number) =>
    number > 1 ? `${adminPaths.newsletter}?page=${number}` : adminPaths.newsletter;
  const confirmed = rows.filter((row) => row.status === "confirmed").length;
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="newsletter-title">
      <h1 id="newsletter-title" className="admin-title">
        Newsletter
      </h1>
      {done === "deleted" ? (
        <div className="admin-notice admin-notice--success" role="status">
          The address has been deleted, with any e-mail still queued for it.
        </div>
      ) : done === "missing" ? (
        <div className="admin-notice admin-notice--error" role="alert">
          That address was not on the list any more.
        </div>
      ) : null}
      <p>
        {total === 1 ? "1 address" : `${total} addresses`}. Only confirmed addresses (
        {statusNames.confirmed.toLowerCase()}) receive the newsletter; an address nobody confirms is
        deleted after 14 days.{" "}
        <a href={adminPaths.newsletterExport} download>
          Export every address as CSV
        </a>
      </p>
      <DataTable
        caption={`Newsletter addresses, newest first, page ${page} of ${pages}; ${confirmed} subscribed on this page`}
        columns={[
          { label: "E-mail", cell: (row) => row.email },
          { label: "Status", cell: (row) => statusNames[row.status] },
          { label: "Signed up", nowrap: true, cell: (row) => formatDateTime(row.createdAt) },
          {
            label: "Confirmed",
            nowrap: true,
            cell: (row) => (row.confirmedAt ? formatDateTime(row.confirmedAt) : "—"),
          },
          {
            label: "Opted out",
            nowrap: true,
            cell: (row) => (row.unsubscribedAt ? formatDateTime(row.unsubscribedAt) : "—"),
          },
          {
            label: "Delete",
            cell: (row) => (
              <Form method="post" action={page > 1 ? `?page=${page}` : "?index"}>
                <FormToken token={csrfToken} />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={row.id} />
                <button
                  className="admin-button admin-button--danger"
                  type="submit"
                  aria-label={`Delete ${row.email}`}
                >
                  Delete
                </button>
              </Form>
            ),
          },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        empty="No one has subscribed yet."
      />
      {pages > 1 ? (
        <nav className="admin-pager" aria-label="Pages">
          {page > 1 ? (
            <Link className="admin-button admin-button--secondary" to={pageHref(page - 1)}>
              Previous page
            </Link>
          ) : null}
          {page < pages ? (
            <Link
              className="admin-button admin-button--secondary admin-pager__next"
              to={pageHref(page + 1)}
            >
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
