/**
 * Owners only: the audit log (decision 050). Every write of the back office and the content
 * commands, newest first, filtered by actor, action, subject and date through a GET form (the
 * filters stay in the URL, no JavaScript needed), paged by keyset links; each event links to
 * its subject (the listing editor, the enquiry's page) and says what changed in the words of
 * the back office's forms (lib/admin-audit-detail.ts).
 */

import { Link } from "react-router";
import { adminAuditContext } from "#app-context";
import {
  type AuditEventRow,
  auditActionNames,
  auditActions,
  auditParams,
  parseAuditQuery,
} from "../../../lib/admin-audit.ts";
import { describeAuditEvent } from "../../../lib/admin-audit-detail.ts";
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
  const page = await context.get(adminAuditContext).list(session, query);
  const { after: _after, before: _before, ...filters } = query;
  return {
    page: { ...page, rows: page.rows.map(shownEvent) },
    filters,
    typed: { from: params.get("from") ?? "", to: params.get("to") ?? "" },
    errors,
  };
}

type ShownEvent = ReturnType<typeof shownEvent>;

/** The page of an event's subject: a listing's editor, an enquiry's page. */
function subjectHref({ subjectType, subjectId }: AuditEventRow): string | null {
  if (!subjectId) return null;
  const id = encodeURIComponent(subjectId);
  if (subjectType === "listing") return `${adminPaths.listings}/${id}/edit`;
  if (subjectType === "enquiry") return `${adminPaths.enquiries}/${id}`;
  return null;
}

/** What a row shows of an event: the stored detail (file names, account ids) stays on the server. */
function shownEvent(event: AuditEventRow) {
  const { id, at, actorEmail, clientAddress } = event;
  return {
    id,
    at,
    actorEmail,
    clientAddress,
    href: subjectHref(event),
    ...describeAuditEvent(event),
  };
}

function Changes({ event }: { event: ShownEvent }) {
  if (event.changes.length === 0) return null;
  return (
    <ul className="admin-audit__detail">
      {event.changes.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat (two photos given one alt text) and never move.
        <li key={index}>{line}</li>
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
          // Where the change came from (decision 067): none for the commands and older events.
          { label: "IP address", nowrap: true, cell: (event) => event.clientAddress ?? "—" },
          { label: "Action", cell: (event) => event.action },
          {
            label: "Subject",
            cell: (event) =>
              event.href ? <Link to={event.href}>{event.subject}</Link> : event.subject,
          },
          { label: "What changed", cell: (event) => <Changes event={event} /> },
        ]}
      />
      <AdminPager page={page} hrefOf={pageHref} />
    </section>
  );
}
