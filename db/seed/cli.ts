/**
 * `npm run db:seed`: migrates the database and, when it is empty, fills it with the demo
 * content and writes the demo images. `npm run db:seed -- --reset` empties it first (every
 * table, enquiries included) and redraws every image.
 *
 * Reads DATABASE_URL (default file:./data/app.db) and IMAGE_DIR (default ./data/images).
 */
import { resolve } from "node:path";
import { loadDotEnv } from "../../config/env.ts";
import { dialectOf, openDatabase } from "../database.ts";
import { migrateToLatest } from "../migrate.ts";
import { createProgressBar, type ProgressBar } from "./progress.ts";
import { isDatabaseEmpty, resetDatabase, seedDemoContent } from "./seed.ts";
import { seedDemoViewingHours } from "./viewing-hours.ts";

const usage = "Usage: npm run db:seed [-- --reset]";

async function main(args: readonly string[]): Promise<void> {
  const unknown = args.filter((arg) => arg !== "--reset");
  if (unknown.length > 0) throw new Error(`Unknown argument ${unknown.join(" ")}. ${usage}`);
  const reset = args.includes("--reset");
  loadDotEnv();
  const url = process.env.DATABASE_URL?.trim() || "file:./data/app.db";
  const imageDir = resolve(process.env.IMAGE_DIR?.trim() || "./data/images");
  // Never print a PostgreSQL URL: it may carry a password.
  const where = dialectOf(url) === "postgres" ? "the PostgreSQL database" : url;

  const started = performance.now();
  const handle = openDatabase(url);
  let bar: ProgressBar | undefined;
  try {
    await migrateToLatest(handle.db);
    console.log(`Migrated ${where}.`);
    if (reset) {
      await resetDatabase(handle.db);
      console.log("Deleted every row (--reset).");
    } else if (!(await isDatabaseEmpty(handle.db))) {
      console.log(
        "The database already holds content: nothing seeded (use --reset to start over).",
      );
      return;
    }
    const result = await seedDemoContent(handle.db, {
      imageDir,
      overwriteImages: reset,
      onImageProgress: (done, total) => {
        bar ??= createProgressBar(total);
        bar.update(done);
      },
    });
    bar?.finish();
    await seedDemoViewingHours(handle.db);
    const images = result.images;
    console.log(`Seeded the demo content: ${result.properties} properties.`);
    if (images !== undefined) {
      console.log(`Images in ${imageDir}: ${images.written} written, ${images.skipped} kept.`);
    }
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    bar?.finish();
    await handle.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  console.error(`db:seed failed: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && error.cause !== undefined) console.error(error.cause);
  process.exitCode = 1;
}
