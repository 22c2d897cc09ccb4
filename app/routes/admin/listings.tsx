/**
 * The listings table (decision 041): every listing, searched by code, headline or city, filtered
 * by state and by the property schema's choice columns (decision 085), ordered and paged by a GET form and links (no JavaScript needed), with each row's
 * actions as small forms posted here (the layout checks their form token first).
 */

import { Form, Link, redirect } from "react-router";
import { adminListingsContext } from "#app-context";
import {
  type AdminListingAction,
  type AdminListingRow,
  type AdminListingStatus,
  adminListingFilterNames,
  adminListingFilters,
  adminListingParams,
  adminListingSortNames,
  adminListingSorts,
  adminListingStatusNames,
  adminSchemaColumns,
  isAdminListingAction,
  parseAdminListingQuery,
} from "../../../lib/admin-listings.ts";
import { formatDate, formatListingPrice } from "../../../lib/format.ts";
import { formTextOf } from "../../../lib/property-fields.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { FilterForm, FilterSelect, FilterText } from "../../admin/filter-form.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import { AdminPager } from "../../admin/pager.tsx";
import { adminMeta, adminPaths, figuresPath, staffSessionContext } from "../../admin/staff.ts";
import { listingPagePath } from "../../listing-preview-path.ts";
import type { Route } from "./+types/listings";

export const meta: Route.MetaFunction = () => adminMeta("Listings");

const doneMessages: Record<AdminListingAction, string> = {
  publish: "is published.",
  unpublish: "is unpublished: it is no longer on the public site.",
  archive: "is archived: it is no longer on the public site. Find it under Archived.",
  restore: "is restored, unpublished.",
  delete: "is deleted.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const params = new URL(request.url).searchParams;
  const query = parseAdminListingQuery(params);
  const page = await context.get(adminListingsContext).list(session, query);
  const done = params.get("done");
  const code = params.get("code");
  return {
    page,
    query: { text: query.text, filter: query.filter, sort: query.sort, fields: query.fields },
    csrfToken: session.csrfToken,
    done: isAdminListingAction(done) && code ? { action: done, code } : null,
  };
}

/** Where a row action returns: the same table, with word of what happened. */
function backTo(returnTo: FormDataEntryValue | null, done: Record<string, string>): string {
  const params = new URLSearchParams(typeof returnTo === "string" ? returnTo : "");
  params.delete("done");
  params.delete("code");
  params.delete("missing");
  for (const [name, value] of Object.entries(done)) params.set(name, value);
  const search = params.toString();
  return `${adminPaths.listings}${search ? `?${search}` : ""}`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = context.get(staffSessionContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const code = String(form.get("code") ?? "");
  // Deleting needs its confirmation page, whose own action deletes.
  if (!isAdminListingAction(intent) || intent === "delete" || !code) {
    throw new Response("Unknown action", { status: 400 });
  }
  const outcome = await context.get(adminListingsContext).change(session, code, intent);
  if (outcome === "missing") throw redirect(backTo(form.get("return"), { missing: code }));
  throw redirect(backTo(form.get("return"), { done: intent, code }));
}

function rowActions(status: AdminListingStatus): AdminListingAction[] {
  if (status === "archived") return ["restore"];
  return [status === "published" ? "unpublish" : "publish", "archive"];
}

const actionNames: Record<AdminListingAction, string> = {
  publish: "Publish",
  unpublish: "Unpublish",
  archive: "Archive",
  restore: "Restore",
  delete: "Delete",
};

export default function Listings({ loaderData }: Route.ComponentProps) {
  const { page, query, csrfToken, done } = loaderData;
  const current = adminListingParams(query).toString();
  const pageHref = (cursor: { after?: string; before?: string }) => {
    const search = adminListingParams(query, cursor).toString();
    return `${adminPaths.listings}${search ? `?${search}` : ""}`;
  };
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="listings-title">
      <div className="admin-editor__title-row">
        <h1 id="listings-title" className="admin-title">
          Listings
        </h1>
        <div className="admin-actions">
          <Link className="admin-button admin-button--secondary" to={adminPaths.listingTransfer}>
            Import and export
          </Link>
          <Link className="admin-button" to={`${adminPaths.listings}/new`}>
            New listing
          </Link>
        </div>
      </div>
      {done ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{`${done.code} ${doneMessages[done.action]}`}</p>
        </div>
      ) : null}
      <FilterForm label="Listings" submitLabel="Search">
        <FilterText
          form="listings"
          name="q"
          label="Search code, headline or city"
          value={query.text}
          search
        />
        <FilterSelect
          form="listings"
          name="status"
          label="Show"
          value={query.filter}
          options={adminListingFilters}
          optionLabels={adminListingFilterNames}
        />
        {adminSchemaColumns().flatMap((column) =>
          column.choices
            ? [
                <FilterSelect
                  key={column.name}
                  form="listings"
                  name={column.name}
                  label={column.label}
                  value={query.fields?.[column.name]}
                  any="Any"
                  options={Object.keys(column.choices)}
                  optionLabels={column.choices}
                />,
              ]
            : [],
        )}
        <FilterSelect
          form="listings"
          name="sort"
          label="Order"
          value={query.sort}
          options={adminListingSorts}
          optionLabels={adminListingSortNames}
        />
      </FilterForm>
      <DataTable
        caption={`Listings, ${adminListingSortNames[query.sort]}`}
        empty="No listing matches."
        rows={page.rows}
        rowKey={(row) => row.code}
        columns={[
          {
            label: "Code",
            // A long code is cut with an ellipsis, so the row's actions stay in view; the whole
            // code is the cell's text (read out) and its title (shown on hover).
            cell: (row) => (
              <span className="admin-listings__code" title={row.code}>
                {row.code}
              </span>
            ),
          },
          {
            label: "Headline",
            // Not published: its preview (decision 070).
            cell: (row) => (
              <a href={listingPagePath({ ...row, published: row.status === "published" })}>
                {row.headline}
              </a>
            ),
          },
          { label: "City", cell: (row) => row.city },
          { label: "Price", nowrap: true, cell: (row) => formatListingPrice(row) },
          {
            label: "Status",
            cell: (row) => (
              <span className={`admin-status admin-status--${row.status}`}>
                {adminListingStatusNames[row.status]}
              </span>
            ),
          },
          // The property schema's columns (decision 085): a choice as its label, "—" when not given.
          ...adminSchemaColumns().map((column) => ({
            label: column.label,
            cell: (row: AdminListingRow) => {
              const value = row.fields[column.name];
              return value === null || value === undefined ? "—" : formTextOf(column.name, value);
            },
          })),
          {
            label: "Updated",
            nowrap: true,
            cell: (row) => formatDate(row.updatedAt ?? row.createdAt),
          },
          {
            label: "Actions",
            cell: (row) => <RowActions row={row} csrfToken={csrfToken} current={current} />,
          },
        ]}
      />
      <AdminPager page={page} hrefOf={pageHref} />
    </section>
  );
}

/** A row's buttons: edit, duplicate, what its status allows (publish, archive…), delete. */
function RowActions({
  row,
  csrfToken,
  current,
}: {
  row: AdminListingRow;
  csrfToken: string;
  /** The table's address, where an action comes back to. */
  current: string;
}) {
  return (
    <div className="admin-row-actions">
      <Link
        className="admin-button admin-button--quiet admin-button--small"
        to={`${adminPaths.listings}/${encodeURIComponent(row.code)}/edit`}
        aria-label={`Edit ${row.code}`}
      >
        Edit
      </Link>
      <Link
        className="admin-button admin-button--quiet admin-button--small"
        to={figuresPath(row.code)}
        aria-label={`Figures of ${row.code}`}
      >
        Figures
      </Link>
      <Form
        method="post"
        action={`${adminPaths.listings}/${encodeURIComponent(row.code)}/duplicate`}
      >
        <FormToken token={csrfToken} />
        <button
          className="admin-button admin-button--quiet admin-button--small"
          type="submit"
          aria-label={`Duplicate ${row.code}`}
        >
          Duplicate
        </button>
      </Form>
      {rowActions(row.status).map((intent) => (
        <Form method="post" key={intent}>
          <FormToken token={csrfToken} />
          <input type="hidden" name="code" value={row.code} />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="return" value={current} />
          <button
            className="admin-button admin-button--quiet admin-button--small"
            type="submit"
            aria-label={`${actionNames[intent]} ${row.code}`}
          >
            {actionNames[intent]}
          </button>
        </Form>
      ))}
      <Link
        className="admin-button admin-button--quiet admin-button--small"
        to={`${adminPaths.listings}/${encodeURIComponent(row.code)}/delete`}
        aria-label={`Delete ${row.code}`}
      >
        Delete
      </Link>
    </div>
  );
}
