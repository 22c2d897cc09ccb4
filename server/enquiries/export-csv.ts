/**
 * The one CSV export of enquiries, for `npm run enquiries -- export` and the back office's
 * inbox (decision 045) alike: every field, the property's headline, the inbox's status,
 * assignee and notes, and the delivery state. Cells go through lib/csv.ts, so no visitor's text is ever
 * run by a spreadsheet as a formula.
 */
import type { EnquiryWithDelivery } from "../../db/queries/outbox.ts";
import type { AdminEnquiryNote } from "../../lib/admin-enquiries.ts";
import { formatCsv } from "../../lib/csv.ts";

/** An exported enquiry: its record, delivery and inbox state, and the staff's notes. */
export interface ExportedEnquiry extends EnquiryWithDelivery {
  notes: readonly AdminEnquiryNote[];
}

/** The notes in one cell, a line each, oldest first: "when author: text". */
function notesCell(notes: readonly AdminEnquiryNote[]): string {
  return notes.map((note) => `${note.createdAt} ${note.author}: ${note.body}`).join("\n");
}

/** The export's columns, in order. */
const csvColumns: [header: string, value: (row: ExportedEnquiry) => string | number | null][] = [
  ["id", (row) => row.id],
  ["created_at", (row) => row.created_at],
  ["fullname", (row) => row.fullname],
  ["telephone", (row) => row.telephone],
  ["email", (row) => row.email],
  ["property_code", (row) => row.property_code],
  ["property_headline", (row) => row.property_headline],
  ["how_you_hear", (row) => row.how_you_hear],
  ["message", (row) => row.message],
  ["num1", (row) => row.num1],
  ["num2", (row) => row.num2],
  ["answer", (row) => row.answer],
  ["puzzle", (row) => row.puzzle],
  ["ip", (row) => row.ip],
  ["delivery_status", (row) => row.delivery_status],
  ["delivery_attempts", (row) => row.delivery_attempts],
  ["delivered_at", (row) => row.delivered_at],
  ["delivery_last_error", (row) => row.delivery_last_error],
  ["status", (row) => row.status],
  ["assigned_to", (row) => row.assignee_email],
  ["notes", (row) => notesCell(row.notes)],
];

export const enquiryCsvHeader: readonly string[] = csvColumns.map(([header]) => header);

export function formatEnquiriesCsv(rows: readonly ExportedEnquiry[]): string {
  return formatCsv(
    enquiryCsvHeader,
    rows.map((row) => csvColumns.map(([, value]) => value(row))),
  );
}
