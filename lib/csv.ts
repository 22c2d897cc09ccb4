/**
 * CSV (RFC 4180) for the command-line imports and exports, read by csv-parse and written by
 * csv-stringify: a reader for files that people save from spreadsheets, and a writer whose cells
 * a spreadsheet never runs as formulas. This module only sets the libraries' options, numbers the
 * records by line and guards formulas; callers keep its small interface.
 */
import { type Options, CsvError as ParseError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

/** A malformed CSV file; the message names the line. */
export class CsvError extends Error {
  override name = "CsvError";
}

/** One record of a CSV file and the line it starts on (1-based, counting embedded line breaks). */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A line break as spreadsheets write them: CRLF, LF, or an old Mac's CR. */
const lineBreak = /\r\n|\r|\n/g;

const lineBreaksIn = (fields: readonly string[]): number =>
  fields.reduce((count, field) => count + (field.match(lineBreak)?.length ?? 0), 0);

/**
 * Splits CSV text into records: fields separated by commas, records by CRLF, LF or CR (mixed in
 * one file too); a quoted field may hold commas, line breaks and doubled quotes, and a quote inside
 * an unquoted field (`5" screen`) is taken literally. A leading UTF-8 byte order mark is dropped,
 * and so are empty lines. Throws {@link CsvError}, naming the line its record starts on, for an
 * unterminated quoted field or text after a closing quote.
 */
export function parseCsv(text: string): CsvRecord[] {
  try {
    return readRecords(text, false);
  } catch (error) {
    // The strict reading refuses a quote inside an unquoted field, which people type (5" screen);
    // read such a file again with relax_quotes. Only then: relax_quotes also keeps text after a
    // closing quote as it stands (`"x"y`), which usually means an unescaped quote and which the
    // strict reading refuses; in a file that has both, the record is read as it stands.
    if (error instanceof StrayQuote) return readRecords(text, true);
    throw error;
  }
}

/** The strict reading met a quote inside an unquoted field. */
class StrayQuote extends Error {}

function readRecords(text: string, relaxQuotes: boolean): CsvRecord[] {
  // csv-parse counts CRLF inside a quoted field as two lines, so lines are counted here: a record
  // starts after the previous one's line breaks and the empty lines skipped since.
  let nextLine = 1;
  let emptyLinesBefore = 0;
  const lines: number[] = [];
  const options: Options = {
    bom: true,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_column_count: true,
    relax_quotes: relaxQuotes,
    skip_empty_lines: true,
    on_record: (fields: string[], context) => {
      const line = nextLine + context.empty_lines - emptyLinesBefore;
      emptyLinesBefore = context.empty_lines;
      nextLine = line + lineBreaksIn(fields) + 1;
      lines.push(line);
      return fields;
    },
  };
  try {
    return parse(text, options).map((fields, index) => ({ fields, line: lines[index]! }));
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    if (error.code === "INVALID_OPENING_QUOTE") throw new StrayQuote();
    const line = nextLine + Number(error.empty_lines) - emptyLinesBefore;
    if (error.code === "CSV_QUOTE_NOT_CLOSED") {
      throw new CsvError(`Line ${line}: a quoted field is never closed.`);
    }
    if (error.code === "CSV_INVALID_CLOSING_QUOTE") {
      throw new CsvError(`Line ${line}: text after a closing quote (write "" for a quote).`);
    }
    throw new CsvError(`Line ${line}: ${error.message}`);
  }
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
 * A text a spreadsheet would run as a formula (=, +, -, @, tab or carriage return first),
 * prefixed with an apostrophe so it shows as the text it is. csv-stringify's own
 * `escape_formulas` is not used: it would also prefix a telephone number and could not be undone
 * for a text that already starts with an apostrophe.
 */
function formulaSafe(text: string): string {
  return formulaStart.test(text) && !plainTelephone.test(text) ? `'${text}` : text;
}

const stringifyOptions = {
  cast: { string: formulaSafe },
  record_delimiter: "\r\n",
} as const;

/**
 * One CSV cell. A text a spreadsheet would run as a formula is prefixed with an apostrophe;
 * {@link csvText} undoes that on the way back in. A plain telephone number (`+44 7700 900123`)
 * is not a formula. Numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  return stringify([[value]], { ...stringifyOptions, eof: false });
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
  return stringify([header, ...rows], stringifyOptions);
}

/**
 * CSV lines without a header, as {@link formatCsv} writes its rows: a document written in
 * pieces (a streamed export) is `formatCsv(header, [])` followed by each piece's rows.
 */
export function formatCsvRows(rows: readonly (readonly (string | number | null)[])[]): string {
  return rows.length === 0 ? "" : stringify(rows as (string | number | null)[][], stringifyOptions);
}
