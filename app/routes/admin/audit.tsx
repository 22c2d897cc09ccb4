/**
 * Owners only: the audit log (decision 050). Every write of the back office and the content
 * commands, newest first, filtered by actor, action, subject and date through a GET form (the
 * filters stay in the URL, no JavaScript needed), paged by keyset links; each event links to
 * its subject (the listing editor, the enquiry's page).
 */

import { Link } from "react-router";
import { siteRequestContext } from "#app-context";
import {
  type AuditEventRow,
  auditActionNames,
  auditActions,
  auditParams,
  isAuditAction,
  parseAuditQuery,
} from "../../../lib/admin-audit.ts";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { FilterDateRange, FilterForm, FilterSelect, FilterText } from "../../admin/filter-form.tsx";
import { AdminPager } from "../../admin/pager.tsx";
import { adminMeta, adminPaths, ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const params = new URL(request.url).searchParams;
  const { query, errors } = parseAuditQuery(params);
  const page = await context.get(siteRequestContext).audit.list(session, query);
  const { after: _after, before: _before, ...filters } = query;
  return {
    page,
    filters,
    typed: { from: params.get("from") ?? "", to: params.get("to") ?? "" },
    errors,
  };
}

/** A value of a change as the page shows it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function Subject({ event }: { event: AuditEventRow }) {
  const id = event.subjectId;
  if (event.subjectType === "listing" && id) {
    return <Link to={`${adminPaths.listings}/${encodeURIComponent(id)}/edit`}>Listing {id}</Link>;
  }
  if (event.subjectType === "enquiry" && id) {
    return <Link to={`${adminPaths.enquiries}/${encodeURIComponent(id)}`}>Enquiry {id}</Link>;
  }
  const names: Record<string, string> = {
    enquiry: "Enquiries",
    "data-request": "Data request",
    staff: "Staff account",
    profile: "Company profile",
    slider: "Slider",
    collection: "Collection",
    amenity: "Amenity",
    category: "Category",
  };
  if (event.subjectType === "staff" && id !== null && id === String(event.actorId)) {
    return <>Their own account</>;
  }
  const name = names[event.subjectType] ?? event.subjectType;
  return <>{id ? `${name} ${id}` : name}</>;
}

function Detail({ event }: { event: AuditEventRow }) {
  const { changes, ...rest } = event.detail;
  const items: { key: string; text: string }[] = [];
  if (changes !== null && typeof changes === "object") {
    for (const [field, change] of Object.entries(changes as Record<string, unknown>)) {
      const { before, after } = (change ?? {}) as { before?: unknown; after?: unknown };
      items.push({ key: field, text: `${field}: ${shown(before)} → ${shown(after)}` });
    }
  }
  for (const [key, value] of Object.entries(rest)) {
    items.push({ key, text: `${key}: ${shown(value)}` });
  }
  if (items.length === 0) return null;
  return (
    <ul className="admin-audit__detail">
      {items.map((item) => (
        <li key={item.key}>{item.text}</li>
      ))}
    </ul>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { page, filters, typed, errors } = loaderData;
  const pageHref = (cursor: { after?: string; before?: string }) =>
    `${adminPaths.audit}?${auditParams(filters, cursor)}`;
  const filtered = auditParams(filters).toString() !== "";
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="audit-title">
      <h1 id="audit-title" className="admin-title">
        Audit log
      </h1>
      <p>Every change made in the back office or by the content commands, newest first.</p>
      <FilterForm label="Audit log">
        <FilterText
          form="audit"
          name="actor"
          label="Who (e-mail address, or cli)"
          value={filters.actor}
        />
        <FilterSelect
          form="audit"
          name="action"
          label="Action"
          value={filters.action}
          any="Any action"
          options={auditActions}
          optionLabels={auditActionNames}
        />
        <FilterText
          form="audit"
          name="subject"
          label="Listing code or enquiry number"
          value={filters.subject}
        />
        <FilterDateRange form="audit" values={filters} typed={typed} errors={errors} />
      </FilterForm>
      {filtered ? (
        <div className="admin-actions">
          <Link className="admin-button admin-button--secondary" to={adminPaths.audit}>
            Clear filters
          </Link>
        </div>
      ) : null}
      <DataTable
        className="admin-audit"
        caption="Audit log, newest first"
        empty="No event matches."
        rows={page.rows}
        rowKey={(event) => event.id}
        columns={[
          { label: "When", nowrap: true, cell: (event) => formatDateTime(event.at) },
          { label: "Who", cell: (event) => event.actorEmail },
          {
            label: "Action",
            cell: (event) =>
              isAuditAction(event.action) ? auditActionNames[event.action] : event.action,
          },
          { label: "Subject", cell: (event) => <Subject event={event} /> },
          { label: "What changed", cell: (event) => <Detail event={event} /> },
        ]}
      />
      <AdminPager page={page} hrefOf={pageHref} />
    </section>
  );
}
