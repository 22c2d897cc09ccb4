/** The command line of `npm run content`: its help texts and the parsing of its arguments. */
import { parseArgs } from "node:util";
import { type CollectionName, collectionNames } from "../../lib/collection-names.ts";
import { choiceColumnsHelp } from "../../lib/property-fields.ts";
import { collectionNameOf } from "../content/collections.ts";
import type { ExportFormat } from "../content/export-properties.ts";
import { propertyCodePattern } from "../content/property-record.ts";

/** Wrong arguments (exit code 2); the message says what to change. */
export class UsageError extends Error {
  override name = "UsageError";
  /** The command whose help to show, or undefined for the general help. */
  readonly topic: Topic | undefined;

  constructor(message: string, topic?: Topic) {
    super(message);
    this.topic = topic;
  }
}

export type Topic = "import" | "export" | "profile" | "slider" | "collection" | "publish" | "push";

const profileOptions = {
  "--business-name": "business_name",
  "--page-description": "page_description",
  "--website": "website",
  "--telephone": "telephone",
  "--email-address": "email_address",
  "--address": "address",
  "--logo": "logo",
} as const;

export const generalUsage = `Usage: npm run content -- <command> [options]

Manages the site's content in the database of DATABASE_URL; images go into IMAGE_DIR.

Commands:
  import <file.csv|file.json> [--images <folder>] [--dry-run]   add or update properties by code
  export [--format csv|json] [--output <file>]                  every property, in the import's columns
  profile set [--business-name <text> ...] [--from <file.json>]  the company profile
  slider list | add | replace <number> | remove <number>         the home page's sliders
  collection set <name> <code> [<code> ...]                     a home page collection's properties
  publish <code> | unpublish <code>                             show or hide a property
  push [<code> ...]                                             send listings to the push portal

Run 'npm run content -- <command> --help' for a command's options.
Exit codes: 0 done, 1 failed (or an import refused rows), 2 wrong arguments.`;

export const topicUsage: Record<Topic, string> = {
  import: `Usage: npm run content -- import <file.csv|file.json> [--images <folder>] [--dry-run]

Adds or updates properties by their code; importing the same file again changes nothing.
Each row is checked on its own: refused rows are reported with their row number and reason,
the good rows are saved.

  --images <folder>  where the rows' image file names are looked up; the images are checked and
                     copied into IMAGE_DIR/property. A name not in the folder must already be an
                     image in IMAGE_DIR/property (as in an export).
  --dry-run          check every row and report what would change; save nothing

Columns (CSV header, or JSON keys): code, headline, offer_type (For Rent, For Sale), price,
address, city and country are required; slug, category (its title), rent_period (week,
month, quarter, year: what a rent's price is for; absent: month), property_status,
availability (Available, Under offer, Sold STC, Let agreed; absent: unchanged, new ones
Available), availability_changed_at (ISO 8601; absent: the import's time when it changes),
reference_no, province, latitude (-90 to 90) and longitude (-180 to 180, decimal degrees, both
or neither), bedroom, bathroom, room, floor, size, garage, balcony, rating (0-5), amenities
(titles), images (file names; the first is the cover), related (codes), description (HTML),
youtube, google_map, publish (yes/no, default yes), created_at (ISO 8601) and ${choiceColumnsHelp()} are optional. In CSV, list items are separated by '|'. A new category or amenity title is created.`,
  export: `Usage: npm run content -- export [--format csv|json] [--output <file>]

Writes every property, published or not, in the columns the import reads.

  --format csv|json  the format (default: json for an --output ending in .json, else csv)
  --output <file>    write to this file instead of standard output`,
  profile: `Usage: npm run content -- profile set [options]

Sets the company profile; only the fields given change.

  --business-name <text>     --page-description <text>   --website <https://...>
  --telephone <text>         --email-address <address>   --address <text>
  --logo <image file>        copied into IMAGE_DIR
  --from <file.json>         the fields from a JSON object (business_name, page_description,
                             website, telephone, email_address, address, logo); options given
                             as well win`,
  slider: `Usage: npm run content -- slider <list|add|replace|remove> ...

  slider list                                          the sliders, numbered in display order
  slider add --title <text> --image <file> [--link <path or URL>]   adds one at the end
  slider replace <number> [--title <text>] [--image <file>] [--link <path or URL>]
  slider remove <number>

Images are copied into IMAGE_DIR/sliders. The link is a path of the site (default /) or an
http(s) address.`,
  collection: `Usage: npm run content -- collection set <name> <code> [<code> ...]

Sets which properties a home page collection shows, in this order. The names are
${collectionNames.map((name) => `'${name}'`).join(", ")}.`,
  publish: `Usage: npm run content -- publish <code>
       npm run content -- unpublish <code>

Shows a property on the site, or hides it (it stays in the database and in exports).`,
  push: `Usage: npm run content -- push [<code> ...]

Queues every listing (or those given) for the push portal of PUSH_URL (docs/feeds-push.md): the
app servers send each one's state as it is, or its delete message when it is not published.
Run it once when a portal is connected; later changes are sent as they are made.`,
};

export type ContentCommand =
  | { kind: "help"; topic?: Topic }
  | { kind: "import"; file: string; images?: string; dryRun: boolean }
  | { kind: "export"; format: ExportFormat; output?: string }
  | { kind: "profile-set"; fields: Record<string, string>; from?: string }
  | { kind: "slider-list" }
  | { kind: "slider-add"; title: string; image: string; link: string }
  | { kind: "slider-replace"; number: number; title?: string; image?: string; link?: string }
  | { kind: "slider-remove"; number: number }
  | { kind: "collection-set"; name: CollectionName; codes: string[] }
  | { kind: "publish"; code: string; publish: boolean }
  | { kind: "push"; codes: string[] };

interface Parsed {
  positionals: string[];
  options: Map<string, string | true>;
}

/**
 * Splits arguments into positionals and options (`--name value`, `--name=value`, or a flag) with
 * `node:util`'s parseArgs; refuses an option the command does not take, a value missing or given
 * to a flag, and an option given twice, in words that say what to change.
 */
function splitArgs(
  args: readonly string[],
  topic: Topic,
  valueOptions: readonly string[],
  flags: readonly string[] = [],
): Parsed {
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const name of valueOptions) options[name.slice(2)] = { type: "string" };
  for (const name of flags) options[name.slice(2)] = { type: "boolean" };
  // Not strict: the tokens are checked here, so the messages are this command's own.
  const { positionals, tokens } = parseArgs({
    args: [...args],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const given = new Map<string, string | true>();
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const name = token.rawName;
    const type = options[token.name]?.type;
    if (type === undefined || !name.startsWith("--")) {
      throw new UsageError(`Unknown option ${name} for '${topic}'.`, topic);
    }
    if (given.has(name)) throw new UsageError(`${name} is given more than once.`, topic);
    if (type === "boolean") {
      if (token.inlineValue) throw new UsageError(`${name} takes no value.`, topic);
      given.set(name, true);
    } else {
      // Without `=`, the next argument is the value, unless it is another option.
      const value = token.value;
      if (value === undefined || (!token.inlineValue && value.startsWith("--"))) {
        throw new UsageError(`${name} needs a value.`, topic);
      }
      given.set(name, value);
    }
  }
  return { positionals, options: given };
}

function optionValue(parsed: Parsed, name: string): string | undefined {
  const value = parsed.options.get(name);
  return typeof value === "string" ? value : undefined;
}

function expectPositionals(parsed: Parsed, topic: Topic, count: number, what: string): void {
  if (parsed.positionals.length < count) throw new UsageError(`Missing ${what}.`, topic);
  if (parsed.positionals.length > count) {
    throw new UsageError(`Unexpected argument '${parsed.positionals[count]}'.`, topic);
  }
}

function sliderNumber(text: string): number {
  if (!/^[1-9]\d{0,5}$/.test(text)) {
    throw new UsageError(`A slider number is 1 or more, not '${text}'.`, "slider");
  }
  return Number(text);
}

function propertyCode(text: string, topic: Topic): string {
  if (!propertyCodePattern.test(text))
    throw new UsageError(`'${text}' is not a property code.`, topic);
  return text;
}

/** Reads the arguments after `npm run content --`; throws {@link UsageError}. */
export function parseContentArgs(args: readonly string[]): ContentCommand {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    const topic = rest[0] as Topic | undefined;
    return topic !== undefined && topic in topicUsage ? { kind: "help", topic } : { kind: "help" };
  }
  const topic: Topic | undefined =
    command === "unpublish" ? "publish" : command in topicUsage ? (command as Topic) : undefined;
  if (topic === undefined) throw new UsageError(`Unknown command '${command}'.`);
  if (rest.includes("--help") || rest.includes("-h")) return { kind: "help", topic };

  switch (command) {
    case "import": {
      const parsed = splitArgs(rest, topic, ["--images"], ["--dry-run"]);
      expectPositionals(parsed, topic, 1, "the file to import (a .csv or .json file)");
      const images = optionValue(parsed, "--images");
      return {
        kind: "import",
        file: parsed.positionals[0]!,
        ...(images === undefined ? {} : { images }),
        dryRun: parsed.options.has("--dry-run"),
      };
    }
    case "export": {
      const parsed = splitArgs(rest, topic, ["--format", "--output"]);
      expectPositionals(parsed, topic, 0, "");
      const output = optionValue(parsed, "--output");
      const format =
        optionValue(parsed, "--format") ??
        (output?.toLowerCase().endsWith(".json") ? "json" : "csv");
      if (format !== "csv" && format !== "json") {
        throw new UsageError(`Unknown format '${format}': the formats are csv and json.`, topic);
      }
      return { kind: "export", format, ...(output === undefined ? {} : { output }) };
    }
    case "profile": {
      const [action, ...options] = rest;
      if (action !== "set") {
        throw new UsageError(
          action === undefined ? "Missing 'set'." : `Unknown profile action '${action}'.`,
          topic,
        );
      }
      const parsed = splitArgs(options, topic, [...Object.keys(profileOptions), "--from"]);
      expectPositionals(parsed, topic, 0, "");
      const fields: Record<string, string> = {};
      for (const [option, field] of Object.entries(profileOptions)) {
        const value = optionValue(parsed, option);
        if (value !== undefined) fields[field] = value;
      }
      const from = optionValue(parsed, "--from");
      if (from === undefined && Object.keys(fields).length === 0) {
        throw new UsageError("Give at least one field to set, or --from <file.json>.", topic);
      }
      return { kind: "profile-set", fields, ...(from === undefined ? {} : { from }) };
    }
    case "slider": {
      const [action, ...options] = rest;
      if (action === "list") {
        expectPositionals(splitArgs(options, topic, []), topic, 0, "");
        return { kind: "slider-list" };
      }
      if (action === "add") {
        const parsed = splitArgs(options, topic, ["--title", "--image", "--link"]);
        expectPositionals(parsed, topic, 0, "");
        const title = optionValue(parsed, "--title");
        const image = optionValue(parsed, "--image");
        if (title === undefined || image === undefined) {
          throw new UsageError("slider add needs --title and --image.", topic);
        }
        return { kind: "slider-add", title, image, link: optionValue(parsed, "--link") ?? "/" };
      }
      if (action === "replace") {
        const parsed = splitArgs(options, topic, ["--title", "--image", "--link"]);
        expectPositionals(parsed, topic, 1, "the slider's number (see 'slider list')");
        const changes = Object.fromEntries(
          (["title", "image", "link"] as const).flatMap((field) => {
            const value = optionValue(parsed, `--${field}`);
            return value === undefined ? [] : [[field, value]];
          }),
        );
        if (Object.keys(changes).length === 0) {
          throw new UsageError("slider replace needs --title, --image or --link.", topic);
        }
        return { kind: "slider-replace", number: sliderNumber(parsed.positionals[0]!), ...changes };
      }
      if (action === "remove") {
        const parsed = splitArgs(options, topic, []);
        expectPositionals(parsed, topic, 1, "the slider's number (see 'slider list')");
        return { kind: "slider-remove", number: sliderNumber(parsed.positionals[0]!) };
      }
      throw new UsageError(
        action === undefined
          ? "Missing list, add, replace or remove."
          : `Unknown slider action '${action}'.`,
        topic,
      );
    }
    case "collection": {
      const [action, ...options] = rest;
      if (action !== "set") {
        throw new UsageError(
          action === undefined ? "Missing 'set'." : `Unknown collection action '${action}'.`,
          topic,
        );
      }
      const parsed = splitArgs(options, topic, []);
      const [nameText, ...codes] = parsed.positionals;
      if (nameText === undefined) throw new UsageError("Missing the collection's name.", topic);
      const name = collectionNameOf(nameText);
      if (name === undefined) {
        throw new UsageError(`Unknown collection '${nameText}'.`, topic);
      }
      if (codes.length === 0) throw new UsageError("Give at least one property code.", topic);
      return {
        kind: "collection-set",
        name,
        codes: codes.map((code) => propertyCode(code, topic)),
      };
    }
    case "push": {
      const parsed = splitArgs(rest, topic, []);
      return { kind: "push", codes: parsed.positionals.map((code) => propertyCode(code, topic)) };
    }
    default: {
      const parsed = splitArgs(rest, topic, []);
      expectPositionals(parsed, topic, 1, "the property's code");
      return {
        kind: "publish",
        code: propertyCode(parsed.positionals[0]!, topic),
        publish: command === "publish",
      };
    }
  }
}
