/**
 * Reads an import file into rows of values: CSV (a header row of column names, then one row
 * per property) or JSON (an array of objects). Validation of the values is the caller's.
 */
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { CsvError, parseCsv } from "../../lib/csv.ts";
import { propertyColumns, requiredPropertyColumns } from "./property-record.ts";

/** A file that cannot be imported at all; the message says why. */
export class ImportFileError extends Error {
  override name = "ImportFileError";
}

/** One row of an import file. */
export interface ImportRow {
  /** Where it is, for the report: `row 4` in CSV (the header is row 1), `item 3` in JSON. */
  label: string;
  values: Record<string, unknown>;
  /** CSV cells are text that may carry the export's formula guard. */
  fromCsv: boolean;
  /** Set when the row cannot even be read as values (a wrong number of fields). */
  problem?: string;
}

/** Reads `path` by its extension, `.csv` or `.json`; throws {@link ImportFileError}. */
export async function readImportFile(path: string): Promise<ImportRow[]> {
  if (importFormatOf(path) === undefined) {
    throw new ImportFileError(`${path}: an import file must end in .csv or .json.`);
  }
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT"
        ? "no such file"
        : (error as Error).message;
    throw new ImportFileError(`${path}: ${reason}.`);
  }
  return readImportText(path, text);
}

/** The import format a file's name says: `.csv` or `.json`; undefined for any other. */
export function importFormatOf(name: string): "csv" | "json" | undefined {
  const extension = extname(name).toLowerCase();
  return extension === ".csv" ? "csv" : extension === ".json" ? "json" : undefined;
}

/**
 * The rows of a file's text, read by its name's extension, `.csv` or `.json`: the command's
 * file and a file uploaded in the back office (decision 096) alike. Throws
 * {@link ImportFileError}, naming the file by `name`.
 */
export function readImportText(name: string, text: string): ImportRow[] {
  const format = importFormatOf(name);
  if (format === undefined) {
    throw new ImportFileError(`${name}: an import file must end in .csv or .json.`);
  }
  return format === "csv" ? csvRows(text, name) : jsonRows(text, name);
}

/** The rows of a CSV import file. */
export function csvRows(text: string, path = "the file"): ImportRow[] {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new ImportFileError(`${path}: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (header === undefined) throw new ImportFileError(`${path}: the file is empty.`);
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(propertyColumns);
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ImportFileError(
      `${path}: unknown column${unknown.length > 1 ? "s" : ""} ${unknown.map((name) => `'${name}'`).join(", ")} ` +
        `(the columns are: ${propertyColumns.join(", ")}).`,
    );
  }
  const repeated = columns.find((name, index) => columns.indexOf(name) !== index);
  if (repeated !== undefined)
    throw new ImportFileError(`${path}: the column '${repeated}' appears twice.`);
  const missing = requiredPropertyColumns.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new ImportFileError(
      `${path}: the header has no ${missing.map((name) => `'${name}'`).join(", ")} column.`,
    );
  }
  return body.map((record, index) => {
    const row = index + 2;
    const label = record.line === row ? `row ${row}` : `row ${row} (line ${record.line})`;
    if (record.fields.length !== columns.length) {
      return {
        label,
        values: {},
        fromCsv: true,
        problem: `has ${record.fields.length} fields; the header has ${columns.length}`,
      };
    }
    return {
      label,
      values: Object.fromEntries(columns.map((name, column) => [name, record.fields[column]])),
      fromCsv: true,
    };
  });
}

/** The rows of a JSON import file: an array of objects. */
export function jsonRows(text: string, path = "the file"): ImportRow[] {
  let items: unknown;
  try {
    items = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    throw new ImportFileError(`${path}: not valid JSON (${(error as Error).message}).`);
  }
  if (!Array.isArray(items))
    throw new ImportFileError(`${path}: the JSON must be an array of properties.`);
  return items.map((item, index) => {
    const label = `item ${index + 1}`;
    if (item === null || typeof item !== "object" || Array.isArray(item)) {
      return { label, values: {}, fromCsv: false, problem: "is not an object" };
    }
    return { label, values: item as Record<string, unknown>, fromCsv: false };
  });
}
