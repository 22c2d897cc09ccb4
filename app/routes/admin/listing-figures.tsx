/**
 * A listing's figures (decision 099), for any signed-in member of staff: page views (each
 * visitor once a day, no cookies, bots left out), enquiries, shortlist adds and alert matches by
 * week for the last twelve weeks, their sums and the totals since it was added, and days on
 * market. Owners download the vendor report (PDF or CSV) from here.
 */
import { data, Link } from "react-router";
import { adminListingFiguresContext } from "#app-context";
import { listingApplicantsPath } from "../../../lib/applicant-admin.ts";
import { type FigureCounts, figureColumns, weekLabel } from "../../../lib/listing-figures.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { adminMeta, adminPaths, staffSessionContext, vendorReportPath } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-figures";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Figures of ${params.code}`);

export async function loader({ params, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const figures = await context.get(adminListingFiguresContext).figures(session, params.code);
  if (!figures) throw data({ message: "There is no listing with this code." }, { status: 404 });
  return { figures, owner: session.user.role === "owner" };
}

type Row = FigureCounts & { key: string; label: string; strong?: boolean };

export default function ListingFigures({ loaderData }: Route.ComponentProps) {
  const { figures, owner } = loaderData;
  const { listing } = figures;
  const code = listing.code;
  const rows: Row[] = [
    // Newest first: the week a vendor asks about is the current one.
    ...figures.weeks
      .map((week) => ({ ...week, key: week.weekStart, label: weekLabel(week.weekStart) }))
      .reverse(),
    { ...figures.lastWeeks, key: "weeks", label: "Last 12 weeks", strong: true },
    { ...figures.total, key: "total", label: "Since listed", strong: true },
  ];
  const strong = (row: Row, text: string | number) => (row.strong ? <strong>{text}</strong> : text);
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="figures-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.listings}>Listings</Link>
        {" · "}
        <Link to={`${adminPaths.listings}/${encodeURIComponent(code)}/edit`}>{`Edit ${code}`}</Link>
        {" · "}
        <Link to={listingApplicantsPath(code)}>Matching applicants</Link>
      </p>
      <h1 id="figures-title" className="admin-title">
        {`Figures of ${code}`}
      </h1>
      <p>{`${listing.headline}, ${listing.address}`}</p>
      <dl className="admin-editor__facts admin-figures__facts">
        <div>
          <dt>Days on market</dt>
          <dd>{listing.daysOnMarket === null ? "Not on the market" : listing.daysOnMarket}</dd>
        </div>
        {figureColumns.map(({ key, label }) => (
          <div key={key}>
            <dt>{`${label}, last 12 weeks`}</dt>
            <dd>{figures.lastWeeks[key]}</dd>
          </div>
        ))}
      </dl>
      {owner ? (
        <div className="admin-actions admin-figures__actions">
          <a className="admin-button" href={vendorReportPath(code, "pdf")} download>
            Vendor report (PDF)
          </a>
          <a
            className="admin-button admin-button--secondary"
            href={vendorReportPath(code, "csv")}
            download
          >
            Vendor report (CSV)
          </a>
        </div>
      ) : (
        <p className="admin-field__hint admin-figures__actions">
          An owner can download this listing's vendor report.
        </p>
      )}
      <DataTable
        className="admin-figures"
        caption="Figures by week (Monday to Sunday, UTC), newest first"
        empty="No figures yet."
        rows={rows}
        rowKey={(row) => row.key}
        columns={[
          { label: "Week starting", nowrap: true, cell: (row) => strong(row, row.label) },
          ...figureColumns.map(({ key, label }) => ({
            label,
            cell: (row: Row) => strong(row, row[key]),
          })),
        ]}
      />
      <p className="admin-field__hint">
        Page views count each visitor once a day without cookies; known bots and visitors without
        JavaScript are not counted. Viewings will show here once viewings are booked on the site.
      </p>
    </section>
  );
}
