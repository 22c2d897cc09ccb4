/**
 * The back office's Portals page (decision 100): owners only. Each feed's setup (from config,
 * never a secret), whether it is paused, its last run or sends, and the listings switched on
 * for it that lack what it needs, by the portals' one rule set (lib/portal-readiness.ts).
 * Pausing and resuming are stored (db/queries/feed-state.ts), so every app server's BLM job,
 * push sender and RESO routes honour them, and audit-logged under the owner's name.
 */
import type { Kysely } from "kysely";
import type {
  AdminPortalsService,
  PortalFeedView,
  PortalRefusal,
  StaffSession,
} from "#app-context";
import type { Config } from "../../config/env.ts";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import { listAmenities } from "../../db/queries/amenity.ts";
import { inTransaction, recordAuditEvent } from "../../db/queries/audit.ts";
import {
  findLastFeedRun,
  listFeedPauses,
  pauseFeed,
  resumeFeed,
} from "../../db/queries/feed-state.ts";
import { listListingsSwitchedOnFor } from "../../db/queries/portal-listings.ts";
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

/** The listings switched on for `feed`, and those of them that lack what it needs. */
async function readinessOf(
  db: Kysely<Database>,
  feed: PortalFeed,
  amenityTitles: ReadonlyMap<number, string>,
): Promise<{ switchedOn: number; refused: PortalRefusal[] }> {
  const rows = await listListingsSwitchedOnFor(db, feedSwitches[feed]);
  const refused: PortalRefusal[] = [];
  for (const row of rows) {
    const reasons = portalReadiness(feed, recordOfProperty(row, amenityTitles));
    if (reasons.length > 0) refused.push({ code: row.code, headline: row.headline, reasons });
  }
  return { switchedOn: rows.length, refused };
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The push feed's outbox rows: waiting, failing with their reasons, and the last sent. */
async function pushActivity(db: Kysely<Database>): Promise<NonNullable<PortalFeedView["push"]>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["status", "attempts", "last_error", "next_attempt_at", "sent_at", "dedupe_key"])
    .where("kind", "=", "listing-push")
    .execute();
  // The row's key is `listing-push:<property id>`; a deleted listing keeps its row.
  const idOf = (key: string) => Number(key.slice("listing-push:".length));
  const ids = rows.map((row) => idOf(row.dedupe_key)).filter(Number.isInteger);
  const codes = new Map<number, string>();
  for (let start = 0; start < ids.length; start += 500) {
    const found = await db
      .selectFrom("property")
      .select(["id", "code"])
      .where("id", "in", ids.slice(start, start + 500))
      .execute();
    for (const { id, code } of found) codes.set(id, code);
  }
  const codeOf = (row: (typeof rows)[number]) => {
    const id = idOf(row.dedupe_key);
    return codes.get(id) ?? `listing ${id} (deleted)`;
  };
  const pending = rows.filter((row) => row.status === "pending");
  const sent = rows
    .filter((row) => row.status === "sent" && !row.last_error?.startsWith("refused:"))
    .sort((a, b) => String(iso(b.sent_at)).localeCompare(String(iso(a.sent_at))));
  return {
    pending: pending.length,
    failing: pending
      .filter((row) => row.attempts > 0 && row.last_error)
      .map((row) => ({
        code: codeOf(row),
        attempts: row.attempts,
        reason: row.last_error ?? "",
        nextAttemptAt: iso(row.next_attempt_at) ?? "",
      })),
    lastSentAt: iso(sent[0]?.sent_at ?? null),
    sent: sent.map(codeOf),
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
      const views: PortalFeedView[] = [];
      for (const feed of portalFeeds) {
        const { switchedOn, refused } = await readinessOf(db, feed, titles);
        const view: PortalFeedView = {
          feed,
          label: portalFeedLabels[feed],
          ...setupOf(feed, config),
          paused: pauses.get(feed) ?? null,
          switchedOn,
          ready: switchedOn - refused.length,
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
        views.push(view);
      }
      return views;
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
