/**
 * The applicants (decision 103), for every signed-in member of staff: searched by name or
 * e-mail, filtered by consent and by what they want, last changed first, 25 a page. The
 * search is a GET form, so a filtered list has an address; the pages are links.
 */
import { Link } from "react-router";
import { adminApplicantsContext } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import {
  applicantPath,
  applicantPaths,
  parseApplicantListQuery,
} from "../../../lib/applicant-admin.ts";
import { formatBudget, noRequirements } from "../../../lib/applicant-requirements.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { FilterForm, FilterSelect, FilterText } from "../../admin/filter-form.tsx";
import { adminMeta, staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/applicants";

export const meta: Route.MetaFunction = () => adminMeta("Applicants");

const consentLabels = { yes: "May be mailed homes", no: "Not to be mailed" } as const;
const wantsLabels = { buy: "Buying", rent: "Renting", none: "No requirements yet" } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const query = parseApplicantListQuery(new URL(request.url).searchParams);
  const list = await context.get(adminApplicantsContext).list(session, query);
  return { ...list, query };
}

export default function Applicants({ loaderData }: Route.ComponentProps) {
  const { rows, total, pageSize, query } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hrefOf = (page: number) => {
    const params = new URLSearchParams();
    if (query.search) params.set("q", query.search);
    if (query.consent) params.set("consent", query.consent);
    if (query.wants) params.set("wants", query.wants);
    if (page > 1) params.set("page", String(page));
    const text = params.toString();
    return text ? `${applicantPaths.list}?${text}` : applicantPaths.list;
  };
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="applicants-title">
      <h1 id="applicants-title" className="admin-title">
        Applicants
      </h1>
      <p>
        People looking for a home: made from enquiries, viewings and confirmed sign-ups, or added by
        hand. <Link to={applicantPaths.new}>Add an applicant</Link>
      </p>
      <FilterForm label="Search applicants" submitLabel="Search">
        <FilterText form="applicants" name="q" label="Name or e-mail" value={query.search} search />
        <FilterSelect
          form="applicants"
          name="consent"
          label="Consent"
          value={query.consent || undefined}
          any="Anyone"
          options={["yes", "no"] as const}
          optionLabels={consentLabels}
        />
        <FilterSelect
          form="applicants"
          name="wants"
          label="Looking to"
          value={query.wants || undefined}
          any="Buy or rent"
          options={["buy", "rent", "none"] as const}
          optionLabels={wantsLabels}
        />
      </FilterForm>
      <DataTable
        caption={`${total === 1 ? "1 applicant" : `${total} applicants`}, last changed first, page ${query.page} of ${pages}`}
        columns={[
          {
            label: "Name",
            cell: (row) => <Link to={applicantPath(row.id)}>{row.name || row.email}</Link>,
          },
          { label: "E-mail", cell: (row) => row.email },
          {
            label: "Looking for",
            cell: (row) =>
              row.wants === null
                ? "—"
                : `${row.wants === "buy" ? "To buy" : "To rent"}, ${formatBudget({
                    ...noRequirements,
                    budgetMin: row.budgetMin,
                    budgetMax: row.budgetMax,
                  })}${row.minBeds === null ? "" : `, ${row.minBeds}+ beds`}`,
          },
          { label: "Homes by e-mail", cell: (row) => (row.consent ? "Yes" : "No") },
          { label: "Changed", nowrap: true, cell: (row) => formatDateTime(row.updatedAt) },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        empty="No applicant matches."
      />
      {pages > 1 ? (
        <nav className="admin-pager" aria-label="Pages">
          {query.page > 1 ? (
            <Link className="admin-button admin-button--secondary" to={hrefOf(query.page - 1)}>
              Previous page
            </Link>
          ) : null}
          {query.page < pages ? (
            <Link
              className="admin-button admin-button--secondary admin-pager__next"
              to={hrefOf(query.page + 1)}
            >
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
