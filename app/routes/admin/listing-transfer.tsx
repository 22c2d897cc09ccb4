/**
 * Importing and exporting listings (decision 096), reached from the listings page. Any member
 * of staff downloads every listing as CSV or JSON; an owner uploads a file, sees its dry run
 * (the rows to add, update and refuse, by their place in the file) and applies it. The rules
 * are `npm run content -- import`'s. Plain forms: the upload posts the file, the server keeps
 * its rows under a token (`?upload=`) that the dry run's page and its Apply form carry, so a
 * reload shows the same report and the file is never posted twice.
 */
import { data, Form, Link, redirect } from "react-router";
import { adminListingTransferContext, type StaffSession } from "#app-context";
import { formatDateTime } from "../../../lib/admin-enquiries.ts";
import {
  type ListingImportRefusal,
  type ListingImportReport,
  type ListingImportRowReport,
  type ListingImportUpload,
  listingImportFileField,
  listingImportLimits,
} from "../../../lib/admin-listing-transfer.ts";
import { DataTable } from "../../admin/data-table.tsx";
import { FormToken } from "../../admin/form-field.tsx";
import {
  adminMeta,
  adminPaths,
  forbidden,
  ownerSession,
  refusals,
  staffSessionContext,
} from "../../admin/staff.ts";
import type { Route } from "./+types/listing-transfer";

export const meta: Route.MetaFunction = () => adminMeta("Import and export listings");

/** The query parameter of an uploaded file's page. */
const uploadParam = "upload";

const uploadPath = (token: string) =>
  `${adminPaths.listingTransfer}?${uploadParam}=${encodeURIComponent(token)}`;

const isOwner = (session: StaffSession) => session.user.role === "owner";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const token = new URL(request.url).searchParams.get(uploadParam);
  let upload: ListingImportUpload | null = null;
  if (token !== null) {
    if (!isOwner(session)) forbidden(refusals.ownersOnly);
    upload = await context.get(adminListingTransferContext).open(session, token);
  }
  return {
    csrfToken: session.csrfToken,
    canImport: isOwner(session),
    token: upload === null ? null : token,
    upload,
    gone: token !== null && upload === null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = ownerSession(context);
  const transfer = context.get(adminListingTransferContext);
  const form = await request.formData();
  if (form.get("intent") === "apply") {
    const token = form.get(uploadParam);
    const applied = await transfer.apply(session, typeof token === "string" ? token : "");
    if (applied.ok) throw redirect(uploadPath(token as string));
    return data({ error: applied.message }, { status: 409 });
  }
  const value = form.get(listingImportFileField);
  // A file input left empty posts a nameless empty file: no file was chosen.
  const file =
    value === null || typeof value === "string" || (value.name === "" && value.size === 0)
      ? null
      : { name: value.name || "The file", bytes: new Uint8Array(await value.arrayBuffer()) };
  const checked = await transfer.check(session, file);
  if (checked.ok) throw redirect(uploadPath(checked.token));
  return data({ error: checked.message }, { status: 400 });
}

export default function ListingTransfer({ loaderData, actionData }: Route.ComponentProps) {
  const { csrfToken, canImport, token, upload, gone } = loaderData;
  const error = actionData?.error;
  return (
    <section className="admin-panel admin-panel--wide" aria-labelledby="transfer-title">
      <p className="admin-editor__back">
        <Link to={adminPaths.listings}>Listings</Link>
      </p>
      <h1 id="transfer-title" className="admin-title">
        Import and export
      </h1>
      {upload !== null && token !== null ? (
        <UploadReport upload={upload} token={token} csrfToken={csrfToken} />
      ) : null}
      <section className="admin-transfer__part" aria-labelledby="export-title">
        <h2 className="admin-subtitle" id="export-title">
          Download every listing
        </h2>
        <p>
          Every listing, published or not, in the columns an import reads (those of{" "}
          <code>npm run content -- export</code>): open the CSV in a spreadsheet, change it and
          import it again.
        </p>
        <div className="admin-actions">
          <a className="admin-button" href={`${adminPaths.listingExport}?format=csv`} download>
            Download CSV
          </a>
          <a
            className="admin-button admin-button--secondary"
            href={`${adminPaths.listingExport}?format=json`}
            download
          >
            Download JSON
          </a>
        </div>
      </section>
      {canImport ? (
        <section className="admin-transfer__part" aria-labelledby="import-title">
          <h2 className="admin-subtitle" id="import-title">
            Import listings
          </h2>
          {gone ? (
            <div className="admin-notice admin-notice--error" role="alert">
              <p>This upload has expired: upload the file again.</p>
            </div>
          ) : null}
          <p>
            Each row adds a listing or updates the one with its code. You see first what the file
            would change, and nothing is saved until you apply it. Rows with problems are refused
            with their reasons; the others are saved.
          </p>
          <Form
            // A new upload's page starts with an empty file field.
            key={token ?? "none"}
            method="post"
            encType="multipart/form-data"
            className="admin-transfer__form"
            aria-label="Import listings"
          >
            <FormToken token={csrfToken} />
            <input type="hidden" name="intent" value="check" />
            <div className={`admin-field${error ? " admin-field--invalid" : ""}`}>
              <label className="admin-field__label" htmlFor="transfer-file">
                CSV or JSON file
              </label>
              <p className="admin-field__hint" id="transfer-file-hint">
                {`The columns of a download, up to ${listingImportLimits.maxBytes / 1024 / 1024} MB. Photos and floor plans are named by the files the site already has; add new ones on a listing's photos page.`}
              </p>
              <input
                className="admin-field__input"
                id="transfer-file"
                name={listingImportFileField}
                type="file"
                accept=".csv,.json,text/csv,application/json"
                aria-invalid={error ? true : undefined}
                aria-describedby={
                  error ? "transfer-file-hint transfer-file-error" : "transfer-file-hint"
                }
              />
              {error ? (
                <p className="admin-field__error" id="transfer-file-error">
                  {error}
                </p>
              ) : null}
            </div>
            <button className="admin-button" type="submit">
              Check the file
            </button>
          </Form>
        </section>
      ) : (
        <p className="admin-transfer__part">Only an owner can import listings.</p>
      )}
    </section>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function summaryOf(report: ListingImportReport, dryRun: boolean): string {
  const [add, update] = dryRun ? ["to add", "to update"] : ["added", "updated"];
  return [
    `${plural(report.added.length, "listing", "listings")} ${add}`,
    `${report.updated.length} ${update}`,
    `${report.unchanged.length} unchanged`,
    `${plural(report.refused.length, "row", "rows")} refused`,
  ].join(", ");
}

function UploadReport({
  upload,
  token,
  csrfToken,
}: {
  upload: ListingImportUpload;
  token: string;
  csrfToken: string;
}) {
  const { report, state } = upload;
  const dryRun = state === "checked";
  const changes = report.added.length + report.updated.length;
  return (
    <section className="admin-transfer__report" aria-labelledby="report-title">
      <h2 className="admin-subtitle" id="report-title">
        {dryRun ? `Dry run of ${upload.fileName}` : `Import of ${upload.fileName}`}
      </h2>
      {state === "applied" ? (
        <div className="admin-notice admin-notice--success" role="status">
          <p>{`Imported ${formatDateTime(upload.appliedAt ?? upload.checkedAt)}: ${summaryOf(report, false)}.`}</p>
        </div>
      ) : state === "failed" ? (
        <div className="admin-notice admin-notice--error" role="alert">
          <p>{`The import stopped: ${upload.problem ?? "an unexpected error"}. The rows before it are saved; upload the file again to see what is left.`}</p>
        </div>
      ) : state === "applying" ? (
        <div className="admin-notice" role="status">
          <p>This file is being imported. Reload the page in a moment to see what it did.</p>
        </div>
      ) : (
        <p>
          {`Checked ${formatDateTime(upload.checkedAt)}, nothing saved yet: ${summaryOf(report, true)}.`}
        </p>
      )}
      {report.createdCategories.length + report.createdAmenities.length > 0 ? (
        <p>
          {[
            report.createdCategories.length > 0
              ? `New categories: ${report.createdCategories.join(", ")}.`
              : "",
            report.createdAmenities.length > 0
              ? `New amenities: ${report.createdAmenities.join(", ")}.`
              : "",
          ]
            .filter(Boolean)
            .join(" ")}
        </p>
      ) : null}
      {report.refused.length > 0 ? (
        <>
          <h3 className="admin-transfer__heading">Refused rows</h3>
          <RefusedRows rows={report.refused} />
        </>
      ) : null}
      <RowList
        title={dryRun ? "To add" : "Added"}
        rows={report.added}
        linked={!dryRun}
        empty={dryRun ? "No listing to add." : "No listing added."}
      />
      <RowList
        title={dryRun ? "To update" : "Updated"}
        rows={report.updated}
        linked
        empty={dryRun ? "No listing to update." : "No listing updated."}
      />
      {report.unchanged.length > 0 ? (
        <p>{`Unchanged: ${report.unchanged.map((row) => row.code).join(", ")}.`}</p>
      ) : null}
      {dryRun ? (
        <Form method="post" className="admin-actions" aria-label="Apply the import">
          <FormToken token={csrfToken} />
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name={uploadParam} value={token} />
          <button className="admin-button" type="submit" disabled={changes === 0}>
            {changes === 0
              ? "Nothing to apply"
              : `Apply: add ${report.added.length}, update ${report.updated.length}`}
          </button>
          <p className="admin-field__hint">
            {report.refused.length > 0
              ? "Refused rows are left out: correct them in the file and upload it again."
              : `Apply before ${formatDateTime(upload.expiresAt)}.`}
          </p>
        </Form>
      ) : null}
    </section>
  );
}

function RefusedRows({ rows }: { rows: readonly ListingImportRefusal[] }) {
  return (
    <DataTable
      className="admin-transfer__table"
      caption="Refused rows, in file order, with their reasons"
      columns={[
        { label: "Row", nowrap: true, cell: (row) => row.label },
        { label: "Code", nowrap: true, cell: (row) => row.code ?? "—" },
        {
          label: "Reasons",
          cell: (row) => (
            <ul className="admin-transfer__reasons">
              {row.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ),
        },
      ]}
      rows={rows}
      rowKey={(row) => row.label}
      empty="No row refused."
    />
  );
}

function RowList({
  title,
  rows,
  empty,
  linked = false,
}: {
  title: string;
  rows: readonly ListingImportRowReport[];
  empty: string;
  /** The listings exist: each code links to its editor. */
  linked?: boolean;
}) {
  return (
    <>
      <h3 className="admin-transfer__heading">{title}</h3>
      <DataTable
        className="admin-transfer__table"
        caption={`${title}, in file order`}
        columns={[
          { label: "Row", nowrap: true, cell: (row) => row.label },
          {
            label: "Code",
            nowrap: true,
            cell: (row) =>
              linked ? (
                <Link to={`${adminPaths.listings}/${encodeURIComponent(row.code)}/edit`}>
                  {row.code}
                </Link>
              ) : (
                row.code
              ),
          },
        ]}
        rows={rows}
        rowKey={(row) => row.code}
        empty={empty}
      />
    </>
  );
}
