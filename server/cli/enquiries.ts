/**
 * The owner's view of the enquiries:
 *   npm run enquiries -- list [--limit N]
 *   npm run enquiries -- export --output enquiries.csv
 * Reads DATABASE_URL (default: the SQLite demo database).
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { defaultDatabaseUrl, loadDotEnv } from "../../config/env.ts";
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { listEnquiryNotes } from "../../db/queries/enquiry-inbox.ts";
import { type EnquiryWithDelivery, listEnquiriesWithDelivery } from "../../db/queries/outbox.ts";
import { escapeTerminalControls, readPositiveInt } from "../../lib/text.ts";
import { formatEnquiriesCsv } from "../enquiries/export-csv.ts";

export const usage = `Usage:
  npm run enquiries -- list [--limit N]        the newest enquiries, one per line
  npm run enquiries -- export [--format csv] [--output <file>]
                                               every enquiry as CSV, into the file or on
                                               standard output
  npm run enquiries -- --help`;

/** The export is the back office's too (server/enquiries/export-csv.ts). */
export { formatEnquiriesCsv };

export function formatEnquiriesList(rows: EnquiryWithDelivery[]): string {
  if (rows.length === 0) return "No enquiries yet.\n";
  // One line per field, and no visitor's control characters reach the terminal.
  const flat = (text: string) => escapeTerminalControls(text.replace(/\s+/g, " ").trim());
  return `${rows
    .map((row) => {
      const about = row.property_code
        ? `about ${flat(row.property_headline ?? row.property_code)}`
        : `subject ${flat(row.how_you_hear)}`;
      const message = flat(row.message);
      return [
        `#${row.id}  ${row.created_at}  ${row.delivery_status}`,
        `  ${flat(row.fullname)} <${flat(row.email)}>  ${flat(row.telephone)}  ${about}`,
        `  ${message.length > 100 ? `${message.slice(0, 99)}…` : message}`,
      ].join("\n");
    })
    .join("\n")}\n`;
}

type Command =
  | { kind: "help" }
  | { kind: "list"; limit: number }
  | { kind: "export"; format: "csv"; output?: string };

/** Parses the arguments; throws an Error whose message says what is wrong. */
export function parseEnquiriesArgs(args: string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    return { kind: "help" };
  }
  const options = new Map<string, string>();
  for (let index = 0; index < rest.length; index += 1) {
    const name = rest[index]!;
    if (!name.startsWith("--")) throw new Error(`Unexpected argument '${name}'.`);
    const value = rest[index + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`${name} needs a value.`);
    options.set(name, value);
    index += 1;
  }
  const allowOnly = (...names: string[]) => {
    for (const name of options.keys()) {
      if (!names.includes(name)) throw new Error(`Unknown option ${name} for '${command}'.`);
    }
  };
  if (command === "list") {
    allowOnly("--limit");
    const limitText = options.get("--limit") ?? "20";
    const limit = readPositiveInt(limitText);
    if (limit === undefined) {
      throw new Error(`--limit must be a whole number of at least 1, not '${limitText}'.`);
    }
    return { kind: "list", limit };
  }
  if (command === "export") {
    allowOnly("--format", "--output");
    const format = options.get("--format") ?? "csv";
    if (format !== "csv") throw new Error(`Unknown format '${format}': the export format is csv.`);
    const output = options.get("--output");
    return { kind: "export", format, ...(output === undefined ? {} : { output }) };
  }
  throw new Error(`Unknown command '${command}'.`);
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  databaseUrl: string;
  /** The folder a relative --output is written in (npm's INIT_CWD: where `npm run` was typed). */
  cwd: string;
}

/** Runs the command; answers the exit code (0 ok, 2 bad arguments, 1 failure). */
export async function runEnquiriesCli(args: string[], io: CliIo): Promise<number> {
  let command: Command;
  try {
    command = parseEnquiriesArgs(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const database = openDatabase(io.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const rows = await listEnquiriesWithDelivery(database.db);
    if (command.kind === "list") {
      io.stdout(formatEnquiriesList(rows.slice(0, command.limit)));
      return 0;
    }
    const notes = await listEnquiryNotes(database.db);
    const csv = formatEnquiriesCsv(rows.map((row) => ({ ...row, notes: notes.get(row.id) ?? [] })));
    if (command.output === undefined) {
      io.stdout(csv);
    } else {
      await writeFile(resolve(io.cwd, command.output), csv);
      io.stdout(`Exported ${rows.length} enquiries to ${command.output}.\n`);
    }
    return 0;
  } catch (error) {
    io.stderr(`enquiries ${command.kind}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  loadDotEnv();
  process.exitCode = await runEnquiriesCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    databaseUrl: process.env.DATABASE_URL || defaultDatabaseUrl,
    cwd: process.env.INIT_CWD || process.cwd(),
  });
}
