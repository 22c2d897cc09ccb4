/**
 * The back office's Portals page (decision 100): owners only. Each feed's setup (from config,
 * never a secret), whether it is paused, its last run or sends, and the listings switched on
 * for it that lack what it needs, by the portals' one rule set (lib/portal-readiness.ts).
 * Pausing and resuming are stored (db/queries/feed-state.ts), so every app server's BLM job,
 * push sender and RESO routes honour them, and audit-logged under the owner's name.
 */
import type { Kysely } from "kysely";
import {
  type AdminPortalsService,
  type PortalFeedView,
  type PortalRefusal,
  portalRefusalsShown,
  type StaffSession,
} from "#app-context";
import type { Config } from "../../config/env.ts";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { inTransaction, recordAuditEvent } from "../../db/queries/audit.ts";
import { isPostgres, toCount } from "../../db/queries/columns.ts";
import {
  findLastFeedRun,
  listFeedPauses,
  pauseFeed,
  resumeFeed,
} from "../../db/queries/feed-state.ts";
import { outsideRightmove, readyForFeed } from "../../db/queries/portal-readiness.ts";
import type { PropertyWithCategoryRow } from "../../db/queries/property.ts";
import {
  feedSwitches,
  isPortalFeed,
  type PortalFeed,
  portalFeedLabels,
  portalFeeds,
  portalReadiness,
} from "../../lib/portal-readiness.ts";
import { recordOfProperty } from "../content/property-record.ts";
import type { FeedConsumers } from "../feeds/consumers.ts";
import { actorOf } from "./listings.ts";

function ownerOnly(session: StaffSession): void {
  if (session.user.role !== "owner") throw new Error("Only an owner may do this.");
}

/** A URL's host only: never its user, password or path. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an address";
  }
}

function setupOf(feed: PortalFeed, config: Config): { configured: boolean; setup: string } {
  if (feed === "rightmove") {
    const to = [
      config.BLM_OUTPUT_DIR ? "a folder on the server" : "",
      config.BLM_SFTP_URL ? `SFTP at ${hostOf(config.BLM_SFTP_URL)}` : "",
    ].filter(Boolean);
    const configured = config.BLM_BRANCH_ID !== undefined && to.length > 0;
    return configured
      ? {
          configured,
          setup: `Branch ${config.BLM_BRANCH_ID}, written every ${config.BLM_EVERY_HOURS} h to ${to.join(" and ")}.`,
        }
      : { configured, setup: "It needs BLM_BRANCH_ID and BLM_OUTPUT_DIR or BLM_SFTP_URL." };
  }
  if (feed === "push") {
    return config.PUSH_URL
      ? { configured: true, setup: `Sends each change to ${hostOf(config.PUSH_URL)}.` }
      : { configured: false, setup: "It needs PUSH_URL and its client certificate." };
  }
  return { configured: true, setup: `Read at ${config.siteUrl}/odata/ with a consumer's token.` };
}

/** Listings read at a time while the page looks for refusals. */
const batchSize = 2000;

/**
 * The listings switched on for `feed` (published, not archived), and those of them that lack
 * what it needs: counted in SQL, then only the listings the SQL does not find ready
 * (db/queries/portal-readiness.ts: for RESO exactly the incomplete ones, for the others a few
 * more) read, a batch at a time, and asked of lib/portal-readiness.ts for their reasons. The
 * first `portalRefusalsShown` by code are listed; all are counted.
 */
async function readinessOf(
  db: Kysely<Database>,
  feed: PortalFeed,
  amenityTitles: ReadonlyMap<number, string>,
): Promise<{ switchedOn: number; refusedCount: number; refused: PortalRefusal[] }> {
  const dialect = isPostgres(db) ? "postgres" : "sqlite";
  const switchedOnFor = db
    .selectFrom("property")
    // 1 reads as true on PostgreSQL's boolean columns too.
    .where("property.publish", "=", 1)
    .where("property.archived_at", "is", null)
    .where(`property.${feedSwitches[feed]}`, "=", 1);
  const counted = await switchedOnFor
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  let refused: PortalRefusal[] = [];
  let refusedCount = 0;
  const reasonsOf = (row: PropertyWithCategoryRow): PortalRefusal => ({
    code: row.code,
    headline: row.headline,
    reasons: portalReadiness(feed, recordOfProperty(row, amenityTitles)),
  });
  const withCategory = () =>
    switchedOnFor
      .leftJoin("category", "category.id", "property.category_id")
      .selectAll("property")
      .select("category.title as category");
  // Rightmove refuses every listing outside the UK: counted in SQL, the first read for reasons.
  const outside = feed === "rightmove" ? outsideRightmove(dialect) : undefined;
  if (outside) {
    const abroad = await switchedOnFor
      .where(outside)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirst();
    refusedCount += toCount(abroad?.count);
    const first = await withCategory()
      .where(outside)
      .orderBy("property.code")
      .limit(portalRefusalsShown)
      .execute();
    refused = first.map(reasonsOf);
  }
  let after: string | undefined;
  for (;;) {
    let query = withCategory().where((eb) => eb.not(readyForFeed(feed, dialect)(eb)));
    if (outside) query = query.where((eb) => eb.not(outside(eb)));
    if (after !== undefined) query = query.where("property.code", ">", after);
    const rows = await query.orderBy("property.code").limit(batchSize).execute();
    for (const row of rows) {
      const refusal = reasonsOf(row);
      if (refusal.reasons.length === 0) continue;
      refusedCount += 1;
      refused.push(refusal);
    }
    // The first by code of both kinds.
    refused = refused
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
      .slice(0, portalRefusalsShown);
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) break;
    after = last.code;
  }
  return { switchedOn: toCount(counted?.count), refusedCount, refused };
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The push's outbox rows' key: `listing-push:<property id>`; a deleted listing keeps its row. */
const pushKeyPrefix = "listing-push:";

/**
 * The push feed's outbox rows, counted in SQL: waiting, failing (the first with their
 * reasons), sent (the latest codes), and the last send.
 */
async function pushActivity(db: Kysely<Database>): Promise<NonNullable<PortalFeedView["push"]>> {
  const rows = () => db.selectFrom("outbox").where("kind", "=", "listing-push");
  const counts = await rows()
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when("status", "=", "pending").then(1).else(0).end())
        .as("pending"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb("status", "=", "pending"),
                eb("attempts", ">", 0),
                eb("last_error", "is not", null),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as("failing"),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb("status", "=", "sent"),
                eb.or([eb("last_error", "is", null), eb("last_error", "not like", "refused:%")]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as("sent"),
      eb.fn.max("sent_at").as("last_sent_at"),
    ])
    .executeTakeFirst();
  const failing = await rows()
    .select(["attempts", "last_error", "next_attempt_at", "dedupe_key"])
    .where("status", "=", "pending")
    .where("attempts", ">", 0)
    .where("last_error", "is not", null)
    .orderBy("next_attempt_at")
    .limit(portalRefusalsShown)
    .execute();
  const sent = await rows()
    .select(["dedupe_key"])
    .where("status", "=", "sent")
    .where((eb) => eb.or([eb("last_error", "is", null), eb("last_error", "not like", "refused:%")]))
    .orderBy("sent_at", "desc")
    .limit(20)
    .execute();
  const idOf = (key: string) => Number(key.slice(pushKeyPrefix.length));
  const ids = [...failing, ...sent].map((row) => idOf(row.dedupe_key)).filter(Number.isInteger);
  const codes = new Map<number, string>();
  if (ids.length > 0) {
    const found = await db
      .selectFrom("property")
      .select(["id", "code"])
      .where("id", "in", ids)
      .execute();
    for (const { id, code } of found) codes.set(id, code);
  }
  const codeOf = (key: string) => {
    const id = idOf(key);
    return codes.get(id) ?? `listing ${id} (deleted)`;
  };
  return {
    pending: toCount(counts?.pending),
    failingCount: toCount(counts?.failing),
    failing: failing.map((row) => ({
      code: codeOf(row.dedupe_key),
      attempts: row.attempts,
      reason: row.last_error ?? "",
      nextAttemptAt: iso(row.next_attempt_at) ?? "",
    })),
    lastSentAt: iso((counts?.last_sent_at as Date | string | null | undefined) ?? null),
    sentCount: toCount(counts?.sent),
    sent: sent.map((row) => codeOf(row.dedupe_key)),
  };
}

export function createAdminPortals(options: {
  database: DatabaseHandle;
  config: Config;
  consumers: FeedConsumers;
  now?: () => Date;
}): AdminPortalsService {
  const { database, config, consumers } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  return {
    async overview(session) {
      ownerOnly(session);
      const pauses = await listFeedPauses(db);
      const titles = new Map((await listAmenities(db)).map((a) => [a.id, a.title]));
      // Each feed's readiness scans every listing switched on for it: side by side, so on
      // PostgreSQL they run on connections (and cores) of their own; SQLite takes them in turn.
      return Promise.all(
        portalFeeds.map(async (feed) => {
          const { switchedOn, refusedCount, refused } = await readinessOf(db, feed, titles);
          const view: PortalFeedView = {
            feed,
            label: portalFeedLabels[feed],
            ...setupOf(feed, config),
            paused: pauses.get(feed) ?? null,
            switchedOn,
            ready: switchedOn - refusedCount,
            refusedCount,
            refused,
          };
          if (feed === "rightmove") {
            const run = await findLastFeedRun(db, feed);
            view.lastRun = run
              ? {
                  trigger: run.trigger,
                  startedAt: run.startedAt,
                  finishedAt: run.finishedAt,
                  error: run.error,
                  file: run.file,
                  uploadedTo: run.uploadedTo,
                  sent: run.sent,
                  refusedCount: run.refused.length,
                }
              : null;
          }
          if (feed === "push") view.push = await pushActivity(db);
          if (feed === "reso") view.consumers = await consumers.list();
          return view;
        }),
      );
    },

    async setPaused(session, feed, paused) {
      ownerOnly(session);
      if (!isPortalFeed(feed)) return undefined;
      const actor = actorOf(session);
      const at = now();
      return inTransaction(db, async (trx) => {
        const changed = paused
          ? await pauseFeed(trx, feed, actor.email, at)
          : await resumeFeed(trx, feed);
        if (changed) {
          await recordAuditEvent(trx, {
            actor,
            action: paused ? "feed.pause" : "feed.resume",
            subjectType: "feed",
            subjectId: feed,
            at,
          });
        }
        return changed;
      });
    },
  };
}
