/**
 * Importing and exporting listings in the back office (decision 096): what the page shows of an
 * uploaded file's dry run and of applying it, and the limits, shared by the admin route and the
 * server's service. The rules are `npm run content -- import`'s (server/content/).
 */

/** The formats a file is uploaded or downloaded in. */
export const listingFileFormats = ["csv", "json"] as const;
export type ListingFileFormat = (typeof listingFileFormats)[number];

export function isListingFileFormat(value: unknown): value is ListingFileFormat {
  return value === "csv" || value === "json";
}

export const listingImportLimits = {
  /**
   * The largest file the page takes: about 1,000 listings, whose dry run and import each take
   * seconds to tens of seconds (decision 096); larger files through `npm run content`.
   */
  maxBytes: 1024 * 1024,
  /** How long a checked file waits to be applied, and an applied one's report is kept. */
  keepMinutes: 60,
} as const;

/** The form's file field. */
export const listingImportFileField = "file";

/** A row the dry run or the import added, updated or left as it was. */
export interface ListingImportRowReport {
  /** Where it is in the file: `row 4` (CSV, the header is row 1) or `item 3` (JSON). */
  label: string;
  code: string;
}

export interface ListingImportRefusal {
  label: string;
  code?: string;
  reasons: string[];
}

/** What a dry run would do, or what applying did, row by row. */
export interface ListingImportReport {
  added: ListingImportRowReport[];
  updated: ListingImportRowReport[];
  unchanged: ListingImportRowReport[];
  refused: ListingImportRefusal[];
  createdCategories: string[];
  createdAmenities: string[];
}

/** An uploaded file as its page shows it. */
export interface ListingImportUpload {
  fileName: string;
  /** ISO 8601: when it was uploaded and checked. */
  checkedAt: string;
  /** ISO 8601: until when it can be applied (and its page opened). */
  expiresAt: string;
  /**
   * checked: the dry run's report, waiting to be applied; applying: being applied; applied: the
   * import's report; failed: the import stopped (`problem` says why; the rows saved before stay).
   */
  state: "checked" | "applying" | "applied" | "failed";
  report: ListingImportReport;
  /** ISO 8601, once applied. */
  appliedAt?: string;
  problem?: string;
}

/** Checking an uploaded file: its token, or why it cannot be imported at all. */
export type ListingImportCheck = { ok: true; token: string } | { ok: false; message: string };

/** Applying a checked file: done (its page shows the report), or why not. */
export type ListingImportApply = { ok: true } | { ok: false; message: string };

export const listingImportMessages = {
  noFile: "Choose a CSV or JSON file to import.",
  wrongType: (name: string) =>
    `${name} is not a CSV or JSON file: choose a file whose name ends in .csv or .json.`,
  empty: (name: string) => `${name} is empty: choose a file with a header row and listings.`,
  tooLarge: `The file is too large: import at most ${
    listingImportLimits.maxBytes / 1024 / 1024
  } MB at once (split a larger file, or import it with npm run content).`,
  notText: (name: string) =>
    `${name} is not UTF-8 text: save it from the spreadsheet as CSV UTF-8.`,
  noRows: (name: string) => `${name} has no listings in it.`,
  gone: "This upload has expired or was already applied: upload the file again.",
  missingFileHint: "leave it out of the file and upload it on the listing's photos page",
} as const;

/** Rows the report lists in all. */
export function reportedRows(report: ListingImportReport): number {
  return (
    report.added.length + report.updated.length + report.unchanged.length + report.refused.length
  );
}
