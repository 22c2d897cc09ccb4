/**
 * What every kind of the back office's site content writes through (decision 057): a write
 * runs in one transaction with its audit event (decision 050) and is then announced on the
 * content-change path (server/content-changes.ts), so every app server drops its cached pages
 * and §7 answers at once; uploaded images go through server/staff/site-image-upload.ts alone.
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import type { StaffSession } from "#app-context";
import type { Database, DatabaseHandle } from "../../../db/database.ts";
import { type AuditEvent, recordAuditEvent } from "../../../db/queries/audit.ts";
import type { ContentFieldIssue, ContentSave } from "../../../lib/admin-content.ts";
import { publishContentChange } from "../../content-changes.ts";
import { actorOf } from "../listings.ts";
import { type SiteImageKind, type StoredSiteImage, storeSiteImage } from "../site-image-upload.ts";

export interface AdminContentOptions {
  database: DatabaseHandle;
  /** IMAGE_DIR: where uploaded slider pictures and the logo are stored. */
  imageDir: string;
  /** The app's Redis client (REDIS_URL): changes reach the other app servers through it. */
  redis?: Redis | undefined;
  log: { warn(object: unknown, message: string): void };
  now?: () => Date;
}

/** The fingerprint a form carries of what it showed: a save over another is refused. */
export function contentVersion(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);
}

export const invalid = (issues: ContentFieldIssue[]): ContentSave => ({
  ok: false,
  reason: "invalid",
  issues,
});

/** Raised inside a write's transaction to roll it back with an answer. */
export class Refused extends Error {
  readonly answer: ContentSave;
  constructor(answer: ContentSave) {
    super("refused");
    this.answer = answer;
  }
}

/** The shared steps of the content services: see createContentWrites. */
export type ContentWrites = ReturnType<typeof createContentWrites>;

export function createContentWrites(options: AdminContentOptions) {
  const { database, imageDir, redis, log } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  /** The change is committed: failing to tell other servers is logged, not the answer. */
  const announce = () =>
    publishContentChange(redis).catch((error: unknown) =>
      log.warn({ err: error }, "site content changed, but other app servers could not be told"),
    );

  /**
   * Runs a write and its audit event in one transaction; a {@link Refused} thrown inside rolls
   * it back and becomes the answer. Saved writes are announced.
   */
  async function write(
    session: StaffSession,
    work: (
      trx: Kysely<Database>,
      at: Date,
    ) => Promise<
      Omit<AuditEvent, "actor" | "at"> & {
        id?: number;
      }
    >,
  ): Promise<ContentSave> {
    const at = now();
    try {
      const done = await db.transaction().execute(async (trx) => {
        const { id, ...event } = await work(trx, at);
        await recordAuditEvent(trx, { ...event, actor: actorOf(session), at });
        return id;
      });
      await announce();
      return done === undefined ? { ok: true } : { ok: true, id: done };
    } catch (error) {
      if (error instanceof Refused) return error.answer;
      throw error;
    }
  }

  /** Stores an uploaded image, then runs the write; a refused or failed write discards a new file. */
  async function withImage(
    kind: SiteImageKind,
    upload: File | null,
    field: string,
    problems: ContentFieldIssue[],
    save: (file: string | undefined) => Promise<ContentSave>,
  ): Promise<ContentSave> {
    let stored: StoredSiteImage | undefined;
    if (upload !== null) {
      stored = await storeSiteImage(imageDir, kind, upload);
      if (!stored.ok) problems.push({ field, message: stored.message });
    }
    if (problems.length > 0) {
      if (stored?.ok) await stored.discard();
      return invalid(problems);
    }
    try {
      const saved = await save(stored?.ok ? stored.file : undefined);
      if (!saved.ok && stored?.ok) await stored.discard();
      return saved;
    } catch (error) {
      if (stored?.ok) await stored.discard();
      throw error;
    }
  }

  function requireOwner(session: StaffSession): void {
    if (session.user.role !== "owner") throw new Error("Only an owner may change the profile.");
  }

  return { db, write, withImage, requireOwner };
}
