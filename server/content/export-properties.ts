/** Every property, published or not, in the columns the import reads (CSV or JSON). */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listFloorPlansOf } from "../../db/queries/floor-plan.ts";
import { listAllPropertyRows } from "../../db/queries/property.ts";
import { formatCsv } from "../../lib/csv.ts";
import { csvCellsOf, propertyColumns, recordOfProperty } from "./property-record.ts";

export type ExportFormat = "csv" | "json";

/** The export document and how many properties it holds. */
export async function exportProperties(
  db: Kysely<Database>,
  format: ExportFormat,
): Promise<{ document: string; count: number }> {
  const amenityTitles = new Map(
    (await listAmenities(db)).map((amenity) => [amenity.id, amenity.title]),
  );
  const rows = await listAllPropertyRows(db);
  const floorPlans = await listFloorPlansOf(
    db,
    rows.map((row) => row.id),
  );
  const records = rows.map((row) => recordOfProperty(row, amenityTitles, floorPlans.get(row.id)));
  const document =
    format === "csv"
      ? formatCsv(propertyColumns, records.map(csvCellsOf))
      : `${JSON.stringify(records, null, 2)}\n`;
  return { document, count: records.length };
}
