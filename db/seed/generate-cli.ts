/**
 * `npm run db:generate -- --count 100000 [--reset]`: migrates the database, seeds the demo
 * content if it is empty, then adds N synthetic published properties, with a progress bar on
 * stderr. For scale tests and `npm run bench`; not for production data.
 *
 * Reads DATABASE_URL (default file:./data/app.db) and IMAGE_DIR (default ./data/images).
 */
import { resolve } from "node:path";
import { loadDotEnv } from "../../config/env.ts";
import { dialectOf, openDatabase } from "../database.ts";
import {
  fillWithGeneratedProperties,
  GenerateArgumentError,
  maxGenerateCount,
  parseGenerateArgs,
} from "./generate.ts";
import { createProgressBar } from "./progress.ts";

const usage = `Usage: npm run db:generate -- --count N [--reset]

Adds N synthetic published properties (GEN-000001, ...) to the database, after seeding the
demo content if the database is empty.

  --count N   how many properties to add: a whole number from 1 to ${maxGenerateCount.toLocaleString("en-US")}
  --reset     delete every row first (enquiries included) and seed the demo content again
  --help      show this help

Environment: DATABASE_URL (default file:./data/app.db), IMAGE_DIR (default ./data/images).`;

async function main(args: readonly string[]): Promise<void> {
  const parsed = parseGenerateArgs(args);
  if (parsed.help) {
    console.log(usage);
    return;
  }
  loadDotEnv();
  const url = process.env.DATABASE_URL?.trim() || "file:./data/app.db";
  const imageDir = resolve(process.env.IMAGE_DIR?.trim() || "./data/images");
  // Never print a PostgreSQL URL: it may carry a password.
  const where = dialectOf(url) === "postgres" ? "the PostgreSQL database" : url;

  const started = performance.now();
  const handle = openDatabase(url);
  const bar = createProgressBar(parsed.count);
  try {
    console.log(`Generating ${parsed.count.toLocaleString("en-US")} properties in ${where}.`);
    const result = await fillWithGeneratedProperties(handle, {
      count: parsed.count,
      reset: parsed.reset,
      imageDir,
      onProgress: (done) => bar.update(done),
    });
    bar.finish();
    if (result.seededDemo) console.log("Seeded the demo content first.");
    console.log(
      `Added ${result.inserted.toLocaleString("en-US")} properties (${result.firstCode} to ${result.lastCode}) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    bar.finish();
    await handle.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof GenerateArgumentError) {
    console.error(`db:generate: ${error.message}\n\n${usage}`);
    process.exitCode = 2;
  } else {
    console.error(`db:generate failed: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof Error && error.cause !== undefined) console.error(error.cause);
    process.exitCode = 1;
  }
}
