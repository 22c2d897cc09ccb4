/**
 * CSV (RFC 4180) for the command-line imports and exports: a reader for files that people
 * save from spreadsheets, and a writer whose cells a spreadsheet never runs as formulas.
 */

/** A malformed CSV file; the message names the line. */
export class CsvError extends Error {
  override name = "CsvError";
}

/** One record of a CSV file and the line it starts on (1-based, counting embedded line breaks). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/**
 * Splits CSV text into records: fields separated by commas, records by CRLF or LF; a quoted
 * field may hold commas, line breaks and doubled quotes. A leading UTF-8 byte order mark is
 * dropped, and so are empty lines. Throws {@link CsvError} for an unterminated quoted field or
 * text after a closing quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  /** The current field was quoted, so it counts even when empty. */
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(field);
    field = "";
    quoted = false;
  };
  const endRecord = () => {
    const empty = fields.length === 0 && field === "" && !quoted;
    endField();
    if (!empty) records.push({ fields, line: recordLine });
    fields = [];
  };

  let index = 0;
  while (index < input.length) {
    const character = input[index]!;
    if (character === '"' && field === "" && !quoted) {
      const opening = line;
      quoted = true;
      index += 1;
      for (;;) {
        if (index >= input.length) {
          throw new CsvError(`Line ${opening}: a quoted field is never closed.`);
        }
        const inner = input[index]!;
        index += 1;
        if (inner === '"') {
          if (input[index] !== '"') break;
          index += 1;
        } else if (inner === "\n") {
          line += 1;
        }
        field += inner;
      }
      const next = input[index];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
        throw new CsvError(`Line ${line}: text after a closing quote (write "" for a quote).`);
      }
      continue;
    }
    if (character === ",") {
      endField();
    } else if (character === "\n" || character === "\r") {
      endRecord();
      if (character === "\r" && input[index + 1] === "\n") index += 1;
      line += 1;
      recordLine = line;
    } else {
      field += character;
    }
    index += 1;
  }
  if (field !== "" || quoted || fields.length > 0) endRecord();
  return records;
}

/** Text a spreadsheet would run as a formula, after any apostrophes that protect it. */
const formulaStart = /^'*[=+\-@\t\r]/;

/**
 * A telephone number as people type it: `+`, then only digits, spaces, dashes, dots and
 * brackets, with at least one digit. A spreadsheet reads it as a number or as sums of numbers
 * at worst: with no letter, `=`, `@`, `|`, `!` or quote it can name no function, cell, command
 * or link, so it is written as typed rather than as `'+44 …`.
 */
const plainTelephone = /^\+[\d ().-]*\d[\d ().-]*$/;

/**
 * One CSV cell. A text a spreadsheet would run as a formula (=, +, -, @, tab or carriage return
 * first) is prefixed with an apostrophe, so it shows as the text it is; {@link csvText} undoes
 * that on the way back in. A plain telephone number (`+44 7700 900123`) is not a formula.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (typeof value === "string" && formulaStart.test(text) && !plainTelephone.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell's text as {@link csvCell} was given it: drops the apostrophe added before a formula. */
export function csvText(cell: string): string {
  return cell.startsWith("'") && formulaStart.test(cell) ? cell.slice(1) : cell;
}

/** A whole CSV document: the header, then one line per row, CRLF line ends. */
export function formatCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) lines.push(row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
