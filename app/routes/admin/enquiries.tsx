/**
 * The enquiries inbox (decision 045): newest first, filtered by status, listing, date and text
 * through a GET form (the filters stay in the URL, no JavaScript needed), paged by keyset
 * links, with the filtered set's CSV export one link away.
 */

import { Link } from "react-router";
import { adminEnquiriesContext } from "#app-context";
import {
  adminEnquiryParams,
  enquiryStatuses,
  enquiryStatusNames,
  formatDateTime,
  parseAdminEnquiryQuery,
} from "../../../lib/admin-enquiries.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { FilterDateRange, FilterForm, FilterSelect, FilterText } from "../../admin/filter-form.tsx";
import { AdminPager } from "../../admin/pager.tsx";
import { adminMeta, adminPaths, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/enquiries";

export const meta: Route.MetaFunction = () => adminMeta("Enquiries");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseAdminEnquiryQuery(params);
  const page = await context.get(adminEnquiriesContext).list(session, query);
  const { after: _after, before: _before, ...filters } = query;
  return {
    page,
    filters,
    // What was typed, shown back beside its error.
    typed: { from: params.get("from") ?? "", to: params.get("to") ?? "" },
    errors,
    role: session.user.role,
  };
}

export default function Enquiries({ loaderData }: Route.ComponentProps) {
  const { page, filters, typed, errors, role } = loaderData;
  const pageHref = (cursor: { after?: string; before?: string }) =>
    `${adminPaths.enquiries}?${adminEnquiryParams(filters, cursor)}`;
  const filterSearch = adminEnquiryParams(filters).toString();
  const exportHref = `${adminPaths.enquiriesExport}${filterSearch ? `?${filterSearch}` : ""}`;
  const filtered = filterSearch !== "";
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="enquiries-title">
      <h1 id="enquiries-title" className="admin-title">
        Enquiries
      </h1>
      <FilterForm label="Enquiries">
        <FilterText
          form="enquiries"
          name="q"
          label="Search name, e-mail or message"
          value={filters.text}
          search
        />
        <FilterSelect
          form="enquiries"
          name="status"
          label="Status"
          value={filters.status}
          any="Any status"
          options={enquiryStatuses}
          optionLabels={enquiryStatusNames}
        />
        <FilterText form="enquiries" name="listing" label="Listing code" value={filters.listing} />
        <FilterDateRange form="enquiries" values={filters} typed={typed} errors={errors} />
      </FilterForm>
      <div className="admin-actions admin-enquiries__tools">
        {filtered ? (
          <Link className="admin-button admin-button--secondary" to={adminPaths.enquiries}>
            Clear filters
          </Link>
        ) : null}
        {/* A file, not a page: the browser downloads it (no client-side navigation). */}
        <a className="admin-button admin-button--secondary" href={exportHref} download>
          {filtered ? "Export these as CSV" : "Export all as CSV"}
        </a>
        {role === "owner" ? (
          <Link className="admin-button admin-button--quiet" to={adminPaths.dataRequests}>
            Data requests
          </Link>
        ) : null}
      </div>
      <DataTable
        className="admin-enquiries"
        caption="Enquiries, newest first"
        empty="No enquiry matches."
        rows={page.rows}
        rowKey={(row) => row.id}
        columns={[
          { label: "Received", nowrap: true, cell: (row) => formatDateTime(row.createdAt) },
          {
            label: "From",
            cell: (row) => (
              <div>
                <Link to={`${adminPaths.enquiries}/${row.id}`}>{row.fullname}</Link>
                <span className="admin-enquiries__email">{row.email}</span>
              </div>
            ),
          },
          {
            label: "About",
            cell: (row) => (row.propertyCode ? `Listing ${row.propertyCode}` : row.subject),
          },
          {
            label: "Status",
            cell: (row) => (
              <span className={`admin-status admin-status--enquiry-${row.status}`}>
                {enquiryStatusNames[row.status]}
              </span>
            ),
          },
          { label: "Assigned to", cell: (row) => row.assignee ?? "Nobody" },
        ]}
      />
      <AdminPager page={page} hrefOf={pageHref} />
    </section>
  );
}
