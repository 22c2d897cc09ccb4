/** Brings a database's schema up to date with the migrations in db/migrations/. */
import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Database } from "./database.ts";
import * as initial from "./migrations/2026-11-21-0001-initial.ts";
import * as enquiryOutbox from "./migrations/2026-11-21-0002-enquiry-outbox.ts";
import * as listingIndexes from "./migrations/2026-11-22-0003-listing-indexes.ts";
import * as listingCategoryIndexes from "./migrations/2026-11-23-0004-listing-category-indexes.ts";
import * as contentChangeNotifications from "./migrations/2026-11-24-0005-content-change-notifications.ts";
import * as listingFilterIndexes from "./migrations/2026-11-25-0006-listing-filter-indexes.ts";
import * as staffAccounts from "./migrations/2026-11-25-0007-staff-accounts.ts";
import * as listingArchive from "./migrations/2026-11-25-0008-listing-archive.ts";
import * as propertyCoordinates from "./migrations/2026-11-25-0009-property-coordinates.ts";
import * as listingAvailability from "./migrations/2026-11-25-0010-listing-availability.ts";
import * as listingRevision from "./migrations/2026-11-25-0011-listing-revision.ts";
import * as enquiryInbox from "./migrations/2026-11-25-0012-enquiry-inbox.ts";
import * as auditLog from "./migrations/2026-11-25-0013-audit-log.ts";
import * as floorPlans from "./migrations/2026-11-27-0014-floor-plans.ts";
import * as searchAlerts from "./migrations/2026-11-27-0015-search-alerts.ts";
import * as listingCountCovering from "./migrations/2026-11-27-0020-listing-count-covering.ts";
import * as appSecrets from "./migrations/2026-11-28-0022-app-secrets.ts";
import * as auditClientAddress from "./migrations/2026-11-28-0023-audit-client-address.ts";
import * as rentPeriod from "./migrations/2026-11-28-0029-rent-period.ts";
import * as priceHistory from "./migrations/2026-11-28-0032-price-history.ts";
import * as newsletter from "./migrations/2026-11-28-0034-newsletter.ts";
import * as oneOutbox from "./migrations/2026-11-29-0035-one-outbox.ts";
import * as listingTenure from "./migrations/2026-11-29-0036-1-listing-tenure.ts";
import * as listingFurnished from "./migrations/2026-11-29-0036-2-listing-furnished.ts";
import * as listingArchiveIndexes from "./migrations/2026-11-29-0037-0-listing-archive-indexes.ts";
import * as listingEnergyRating from "./migrations/2026-11-29-0037-b-listing-energy-rating.ts";
import * as outboxAttemptsRecorded from "./migrations/2026-11-29-0038-outbox-attempts-recorded.ts";
import * as listingImportUploads from "./migrations/2026-11-29-0044-listing-import-uploads.ts";
import * as resoFeed from "./migrations/2026-11-29-0045-reso-feed.ts";
import * as listingPortalFields from "./migrations/2026-11-29-0046-listing-portal-fields.ts";
import * as listingFigures from "./migrations/2026-11-29-0047-listing-figures.ts";
import * as feedRuns from "./migrations/2026-11-29-0048-feed-runs.ts";
import * as viewings from "./migrations/2026-11-29-0049-viewings.ts";
import * as applicants from "./migrations/2026-11-29-0052-applicants.ts";
import * as resoRemovals from "./migrations/2026-11-29-0053-reso-removals.ts";
import * as resoFeedIndexes from "./migrations/2026-11-29-0054-reso-feed-indexes.ts";

/**
 * Every migration, by name. Listed here, not read from the folder, so bundling and type
 * stripping cannot lose one. Names sort in the order they run; add new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-21-0001-initial": initial,
  "2026-11-21-0002-enquiry-outbox": enquiryOutbox,
  "2026-11-22-0003-listing-indexes": listingIndexes,
  "2026-11-23-0004-listing-category-indexes": listingCategoryIndexes,
  "2026-11-24-0005-content-change-notifications": contentChangeNotifications,
  "2026-11-25-0006-listing-filter-indexes": listingFilterIndexes,
  "2026-11-25-0007-staff-accounts": staffAccounts,
  "2026-11-25-0008-listing-archive": listingArchive,
  "2026-11-25-0009-property-coordinates": propertyCoordinates,
  "2026-11-25-0010-listing-availability": listingAvailability,
  "2026-11-25-0011-listing-revision": listingRevision,
  "2026-11-25-0012-enquiry-inbox": enquiryInbox,
  "2026-11-25-0013-audit-log": auditLog,
  "2026-11-27-0014-floor-plans": floorPlans,
  "2026-11-27-0015-search-alerts": searchAlerts,
  "2026-11-27-0020-listing-count-covering": listingCountCovering,
  "2026-11-28-0022-app-secrets": appSecrets,
  "2026-11-28-0023-audit-client-address": auditClientAddress,
  "2026-11-28-0029-rent-period": rentPeriod,
  "2026-11-28-0032-price-history": priceHistory,
  "2026-11-28-0034-newsletter": newsletter,
  "2026-11-29-0035-one-outbox": oneOutbox,
  "2026-11-29-0036-1-listing-tenure": listingTenure,
  "2026-11-29-0036-2-listing-furnished": listingFurnished,
  "2026-11-29-0037-0-listing-archive-indexes": listingArchiveIndexes,
  "2026-11-29-0037-b-listing-energy-rating": listingEnergyRating,
  "2026-11-29-0038-outbox-attempts-recorded": outboxAttemptsRecorded,
  "2026-11-29-0044-listing-import-uploads": listingImportUploads,
  "2026-11-29-0045-reso-feed": resoFeed,
  "2026-11-29-0046-listing-portal-fields": listingPortalFields,
  "2026-11-29-0047-listing-figures": listingFigures,
  "2026-11-29-0048-feed-runs": feedRuns,
  "2026-11-29-0049-viewings": viewings,
  "2026-11-29-0052-applicants": applicants,
  "2026-11-29-0053-reso-removals": resoRemovals,
  "2026-11-29-0054-reso-feed-indexes": resoFeedIndexes,
};

/**
 * The database was migrated by a newer version of the code: it has run a migration this one does
 * not know. This code cannot start on it (its queries may not fit the schema); the newer
 * version can, or the backup taken before the upgrade.
 */
export class NewerDatabaseError extends Error {
  readonly migrationName: string;

  constructor(migrationName: string) {
    super(`the database has migration "${migrationName}", which this version does not know`);
    this.name = "NewerDatabaseError";
    this.migrationName = migrationName;
  }
}

/** Kysely's words for a run migration it cannot find among ours. */
const unknownMigrationPattern = /previously executed migration (\S+) is missing/;

/**
 * Migrations that were released under another name, by their old name (decision 089): a
 * database that ran one under its old name has it recorded under today's name before
 * migrating, so it is neither run twice nor taken for a newer version's migration.
 */
export const renamedMigrations: Readonly<Record<string, string>> = {
  // A branch registered the staff accounts as 0006 before 0006 went to the filter indexes.
  "2026-11-25-0006-staff-accounts": "2026-11-25-0007-staff-accounts",
};

/**
 * Unordered: some migrations were released with a name that sorts before one already applied
 * (0015 after 0020), so a database may lack a migration older by name than its newest one; it
 * runs the ones it lacks, in name order (decision 089). db/migration-history.test.ts refuses
 * any further such name.
 */
function migratorFor(db: Kysely<Database>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: true,
  });
}

/** Records each migration a database ran under an old name under today's name. */
async function recordRenamedMigrations(db: Kysely<Database>): Promise<void> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === "kysely_migration")) return;
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own table is not in the app's schema.
  const untyped = db as Kysely<any>;
  for (const [oldName, name] of Object.entries(renamedMigrations)) {
    const ran = await untyped
      .selectFrom("kysely_migration")
      .select("name")
      .where("name", "in", [oldName, name])
      .execute();
    if (!ran.some((row) => row.name === oldName)) continue;
    if (ran.some((row) => row.name === name)) {
      await untyped.deleteFrom("kysely_migration").where("name", "=", oldName).execute();
    } else {
      await untyped
        .updateTable("kysely_migration")
        .set({ name })
        .where("name", "=", oldName)
        .execute();
    }
  }
}

/**
 * Runs every migration not yet applied. Does nothing on an up-to-date database. Throws,
 * naming the failing migration, when one fails (on PostgreSQL that migration is rolled back),
 * and NewerDatabaseError when a newer version of the code has migrated the database.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await recordRenamedMigrations(db);
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === "Error")?.migrationName;
  const reason = error instanceof Error ? error.message : String(error);
  const unknown = unknownMigrationPattern.exec(reason)?.[1];
  if (unknown !== undefined) throw new NewerDatabaseError(unknown);
  throw new Error(
    failed === undefined
      ? `Database migration failed: ${reason}`
      : `Database migration "${failed}" failed: ${reason}`,
    { cause: error },
  );
}

/** Undoes the most recent migration. For development and tests of the migrations. */
export async function migrateDown(db: Kysely<Database>): Promise<void> {
  const { error } = await migratorFor(db).migrateDown();
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration down failed: ${reason}`, { cause: error });
  }
}
