/**
 * The one write path of the site's content (decision 084): the content command
 * (`npm run content`) and the back office write sliders, collections and the company profile
 * through the same functions of this folder, so each kind is checked, stored and recorded once.
 * A write runs in one transaction with its audit event (decision 050) and, once committed, is
 * announced on the content-change path (server/content-changes.ts), so every app server drops
 * its cached pages and §7 answers at once; its image goes through ./site-images.ts alone.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/database.ts";
import { type AuditActor, type AuditEvent, recordAuditEvent } from "../../db/queries/audit.ts";
import type { ContentFieldIssue } from "../../lib/admin-content.ts";
import {
  type SiteImageKind,
  type SiteImageSource,
  type StoredSiteImage,
  storeSiteImage,
} from "./site-images.ts";

/** Who writes, where, and how the change is told: one per command run or per back-office request. */
export interface ContentWriter {
  db: Kysely<Database>;
  /** IMAGE_DIR: where slider pictures and the logo are stored. */
  imageDir: string;
  /** The audit log's actor: a member of staff, or `cli` for the content command. */
  actor: AuditActor;
  now?: () => Date;
  /** Tells running app servers that content changed, once a write is committed; never rejects. */
  announce: () => Promise<void>;
}

/** A write's audit event, as the kind module words it (the actor and time are the writer's). */
export type ContentEvent = Omit<AuditEvent, "actor" | "at">;

/**
 * A refused value, in the form's words (`message` follows the field's label). `problem` and
 * `codes` let the content command word it its own way (server/cli/content.ts).
 */
export interface ContentIssue extends ContentFieldIssue {
  problem?: "repeated" | "unknown" | "too-many";
  /** The property codes the issue is about. */
  codes?: readonly string[];
}

/** Why a write saved nothing. */
export type ContentRefusal =
  | { ok: false; reason: "invalid"; issues: ContentIssue[] }
  | { ok: false; reason: "conflict" }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "in-use"; listings: number };

/** A write that went through: `changed` is false when it found nothing to change. */
export type ContentWritten<T extends object = object> = { ok: true; changed: boolean } & T;

export type ContentWriteResult<T extends object = object> = ContentWritten<T> | ContentRefusal;

export const invalid = (issues: ContentIssue[]): ContentRefusal => ({
  ok: false,
  reason: "invalid",
  issues,
});

/** Raised inside a write's transaction to roll it back with an answer. */
export class Refused extends Error {
  readonly answer: ContentRefusal;
  constructor(answer: ContentRefusal) {
    super("refused");
    this.answer = answer;
  }
}

/** The fingerprint a form carries of what it showed: a save over another is refused. */
export function contentVersion(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);
}

/**
 * Runs a write in one transaction with its audit event; a {@link Refused} thrown inside rolls it
 * back and becomes the answer. `work` answers the event, or null when there was nothing to
 * change: then nothing is recorded and nothing announced. A saved change is announced.
 */
export async function writeContent<T extends object>(
  writer: ContentWriter,
  work: (trx: Kysely<Database>, at: Date) => Promise<{ event: ContentEvent | null } & T>,
): Promise<ContentWriteResult<T>> {
  const at = (writer.now ?? (() => new Date()))();
  let done: { event: ContentEvent | null } & T;
  try {
    done = await writer.db.transaction().execute(async (trx) => {
      const made = await work(trx, at);
      if (made.event !== null) {
        await recordAuditEvent(trx, { ...made.event, actor: writer.actor, at });
      }
      return made;
    });
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
  const { event, ...rest } = done;
  if (event !== null) await writer.announce();
  return { ok: true, changed: event !== null, ...(rest as unknown as T) };
}

/**
 * Stores an image (when one is given) and then runs the write; with `problems` already found, or
 * the image refused (added to them under `field`), it answers them and writes nothing. A
 * refused or failed write discards a newly stored file.
 */
export async function withSiteImage<T extends object>(
  writer: ContentWriter,
  kind: SiteImageKind,
  source: SiteImageSource | null,
  field: string,
  problems: ContentIssue[],
  save: (file: string | undefined) => Promise<ContentWriteResult<T>>,
): Promise<ContentWriteResult<T>> {
  let stored: StoredSiteImage | undefined;
  if (source !== null) {
    stored = await storeSiteImage(writer.imageDir, kind, source);
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
