/**
 * The back office's tables of rows (listings, enquiries, audit log): a header per column, and on
 * a phone each row becomes a card whose cells name their column (`data-label`, admin.css).
 */
import type { ReactNode } from "react";

export interface DataColumn<Row> {
  label: string;
  /** Kept on one line (dates, prices). */
  nowrap?: boolean;
  cell: (row: Row) => ReactNode;
}

export function DataTable<Row>({
  className,
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  /** The table's own class, beside the shared ones. */
  className?: string;
  /** Read by screen readers: what the rows are and in what order. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown instead of the table when there is no row. */
  empty: string;
}) {
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className={`admin-table admin-listings${className ? ` ${className}` : ""}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.label}
                  data-label={column.label}
                  className={column.nowrap ? "admin-listings__nowrap" : undefined}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
