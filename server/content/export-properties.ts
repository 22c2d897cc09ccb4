/**
 * Every property, published or not, in the columns the import reads (CSV or JSON): the
 * command's export and the back office's download (decision 096) are the same pieces, read a
 * page of properties at a time so a download streams without holding every listing.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { listFloorPlansOf } from "../../db/queries/floor-plan.ts";
import { listPropertyRowsAfter } from "../../db/queries/property.ts";
import { formatCsv, formatCsvRows } from "../../lib/csv.ts";
import { csvCellsOf, propertyColumns, recordOfProperty } from "./property-record.ts";

export type ExportFormat = "csv" | "json";

/** Properties read at once: a page's rows and floor plans (an `in` list both dialects take). */
const exportPage = 500;

/**
 * The export document in pieces, each a page of properties (the first CSV piece also carries
 * the header): joined, they are {@link exportProperties}' document. Each page is read when the
 * previous piece was taken; a listing saved meanwhile shows as it is when its page is read.
 */
export async function* exportPropertyPieces(
  db: Kysely<Database>,
  format: ExportFormat,
  options: {
    pageSize?: number;
    /** Counts the properties written so far. */
    tally?: { count: number };
  } = {},
): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? exportPage;
  const tally = options.tally ?? { count: 0 };
  const amenityTitles = new Map(
    (await listAmenities(db)).map((amenity) => [amenity.id, amenity.title]),
  );
  let afterId = 0;
  if (format === "csv") yield formatCsv(propertyColumns, []);
  for (;;) {
    const rows = await listPropertyRowsAfter(db, afterId, pageSize);
    if (rows.length === 0) break;
    afterId = rows.at(-1)!.id;
    const floorPlans = await listFloorPlansOf(
      db,
      rows.map((row) => row.id),
    );
    const records = rows.map((row) => recordOfProperty(row, amenityTitles, floorPlans.get(row.id)));
    if (format === "csv") {
      yield formatCsvRows(records.map(csvCellsOf));
    } else {
      // As JSON.stringify(records, null, 2) writes each item of the array: indented once more.
      // (Split on "\n" only: a text's U+2028 stays raw in JSON and is no line break here.)
      const items = records.map((record) =>
        JSON.stringify(record, null, 2)
          .split("\n")
          .map((line) => `  ${line}`)
          .join("\n"),
      );
      yield `${tally.count === 0 ? "[\n" : ",\n"}${items.join(",\n")}`;
    }
    tally.count += records.length;
    if (rows.length < pageSize) break;
  }
  if (format === "json") yield tally.count === 0 ? "[]\n" : "\n]\n";
}

/** The export document and how many properties it holds. */
export async function exportProperties(
  db: Kysely<Database>,
  format: ExportFormat,
): Promise<{ document: string; count: number }> {
  const tally = { count: 0 };
  let document = "";
  for await (const piece of exportPropertyPieces(db, format, { tally })) document += piece;
  return { document, count: tally.count };
}
