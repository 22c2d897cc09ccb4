/**
 * What a save and an upload of a listing's arranged media do, whether photos or floor plans
 * (decision 086): the steps that are the same for both, over a kind that says what differs
 * (how its items are read, checked and written). A save keeps the posted items in order,
 * each one the listing has, writes them over the listing's revision and records the audit
 * event (decision 050) with what changed; an upload's append adds the placed files after the
 * listing's items under the revision. Both answer as the photo manager's service does.
 */
import type { Kysely } from "kysely";
import type { StaffSession } from "#app-context";
import type { Database } from "../../db/database.ts";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import { findListingPhotoRow, type ListingPhotoRow } from "../../db/queries/listing-photos.ts";
import type { PhotoSave, PhotoUploadAnswer } from "../../lib/admin-photos.ts";
import type { ListingChanges } from "../feeds/push/changes.ts";
import { actorOf } from "../staff/listings.ts";
import type { PhotosContext } from "./photos-context.ts";
import {
  type AppendOutcome,
  noSuchListing,
  type UploadedFile,
  type UploadKind,
} from "./uploads.ts";

/**
 * What differs between the photos and the floor plans, in a save and an upload: `T` an item as
 * stored, `P` as a save posts it (a plan is posted without its kind).
 */
export interface ArrangedKind<T extends { file: string }, P extends { file: string } = T> {
  /** "photos": "The photos changed since this page was opened; reload it." */
  noun: string;
  /** The text staff give an item, as the audit names it: "alt", "label". */
  textName: "alt" | "label";
  /** That text of an item. */
  textOf(item: T): string;
  /** The audit actions of a save and of an upload. */
  actions: { save: string; add: string };
  /** The listing's stored items. */
  stored(db: Kysely<Database>, row: ListingPhotoRow): Promise<T[]>;
  /** The item a save keeps of a posted one (the `stored` one at `index`); a message refuses it. */
  keep(posted: P, stored: T, index: number): T | string;
  /** How its uploads are checked and named. */
  upload: UploadKind;
  /** The items an upload's placed files become after the `stored` ones, labelled `label`. */
  added(placed: readonly string[], stored: readonly T[], label: string): T[];
  /** Writes an upload's added items over the row's revision: false when another write moved it. */
  append(
    trx: Kysely<Database>,
    row: ListingPhotoRow,
    stored: readonly T[],
    added: readonly T[],
    at: Date,
  ): Promise<boolean>;
  /** The audit detail of an upload, `count` items in all after it. */
  addedDetail(added: readonly T[], count: number): Record<string, unknown>;
}

/** A save of one listing's items, already read at `row`. */
export interface ArrangedSave<T, P> {
  session: StaffSession;
  code: string;
  row: ListingPhotoRow;
  /** The items posted, in order. */
  posted: readonly P[];
  at: Date;
  /**
   * Writes the kept items over the row's revision: false when another write moved it, else
   * the cover's change when it changed.
   */
  write(kept: T[]): Promise<false | { cover?: { before: string; after: string } | undefined }>;
  /** Added to the audit event's detail. */
  detail?: Record<string, unknown> | undefined;
  /** The push portal's queue (decision 095): the change is queued in `trx`. */
  listingChanges?: ListingChanges | undefined;
}

/**
 * Saves a listing's items in `trx`: each posted item must be one the listing has, once; the
 * kind checks its text. Refused as a conflict when another write moved the revision.
 */
export async function saveArranged<T extends { file: string }, P extends { file: string }>(
  trx: Kysely<Database>,
  kind: ArrangedKind<T, P>,
  save: ArrangedSave<T, P>,
): Promise<PhotoSave> {
  const { session, code, row, at } = save;
  const before = await kind.stored(trx, row);
  const kept: T[] = [];
  for (const [index, item] of save.posted.entries()) {
    const stored = before.find((other) => other.file === item.file);
    if (!stored || kept.some((other) => other.file === item.file)) {
      return {
        ok: false,
        reason: "invalid",
        message: `The ${kind.noun} changed since this page was opened; reload it.`,
      };
    }
    const keeping = kind.keep(item, stored, index);
    if (typeof keeping === "string") return { ok: false, reason: "invalid", message: keeping };
    kept.push(keeping);
  }
  const removed = before
    .map((item) => item.file)
    .filter((file) => !kept.some((item) => item.file === file));
  const written = await save.write(kept);
  if (!written) {
    const current = await findListingPhotoRow(trx, code);
    return current
      ? { ok: false, reason: "conflict", revision: current.revision }
      : { ok: false, reason: "missing" };
  }
  await recordAuditEvent(trx, {
    actor: actorOf(session),
    action: kind.actions.save,
    subjectType: "listing",
    subjectId: code,
    detail: {
      ...describeChange(
        texts(before, kind.textOf),
        texts(kept, kind.textOf),
        removed,
        kind.textName,
        written.cover,
      ),
      ...save.detail,
    },
    at,
  });
  await save.listingChanges?.queue(trx, [code], at);
  return { ok: true, removed, deletedFiles: [] };
}

/**
 * An upload of a kind's files to listing `code`: checked and stored first, outside any
 * transaction (encoding the derivatives is slow), then placed after the listing's items under
 * the lock (./uploads.ts's `appendStored`), the revision raised and the audit event recorded.
 */
export async function uploadArranged<T extends { file: string }, P extends { file: string }>(
  context: PhotosContext,
  kind: ArrangedKind<T, P>,
  session: StaffSession,
  code: string,
  files: readonly UploadedFile[],
  label = "",
): Promise<PhotoUploadAnswer> {
  const { db, uploads } = context;
  if (!(await findListingPhotoRow(db, code))) return noSuchListing;
  const upload = await uploads.checkAndStore(files, kind.upload);
  if (upload.accepted.size === 0) return { ok: true, results: upload.results };
  const at = context.now();
  return uploads.appendStored(kind.upload, upload, async (trx): Promise<AppendOutcome> => {
    const row = await findListingPhotoRow(trx, code);
    if (!row) return { kind: "missing" };
    const stored = await kind.stored(trx, row);
    const placed = await uploads.placeNew(
      kind.upload,
      upload,
      new Set(stored.map((item) => item.file)),
    );
    const added = kind.added(placed, stored, label);
    if (added.length === 0) return { kind: "unchanged", revision: row.revision };
    if (!(await kind.append(trx, row, stored, added, at))) return { kind: "moved" };
    await recordAuditEvent(trx, {
      actor: actorOf(session),
      action: kind.actions.add,
      subjectType: "listing",
      subjectId: code,
      detail: kind.addedDetail(added, stored.length + added.length),
      at,
    });
    await context.listingChanges?.queue(trx, [code], at);
    return { kind: "added", revision: row.revision + 1 };
  });
}

/** The listing's row a save may write: a refusal when it is gone or no longer at `revision`. */
export async function rowAtRevision(db: Kysely<Database>, code: string, revision: number) {
  const row = await findListingPhotoRow(db, code);
  if (!row) return { ok: false, reason: "missing" } as const;
  if (row.revision !== revision) {
    return { ok: false, reason: "conflict", revision: row.revision } as const;
  }
  return row;
}

/** A file and the text staff give it: a photo's alt text or a plan's label. */
interface Described {
  file: string;
  text: string;
}

function texts<T extends { file: string }>(
  items: readonly T[],
  textOf: (item: T) => string,
): Described[] {
  return items.map((item) => ({ file: item.file, text: textOf(item) }));
}

/**
 * The audit detail of a save, as the log's page shows it (decision 050): `changes` (the cover
 * and each changed alt text or label, before and after), the new `order` when it changed, and
 * the files `removed`.
 */
function describeChange(
  before: readonly Described[],
  after: readonly Described[],
  removed: readonly string[],
  textName: string,
  cover?: { before: string; after: string },
): Record<string, unknown> {
  const changes: Record<string, { before: string; after: string }> = {};
  if (cover) changes.cover = cover;
  for (const item of after) {
    const was = before.find((other) => other.file === item.file)?.text ?? "";
    if (was !== item.text)
      changes[`${textName} of ${item.file}`] = { before: was, after: item.text };
  }
  const detail: Record<string, unknown> = {};
  if (Object.keys(changes).length > 0) detail.changes = changes;
  const order = (items: readonly Described[]) =>
    items.map((item) => item.file).filter((file) => !removed.includes(file));
  if (order(before).join() !== order(after).join()) {
    detail.order = after.map((item) => item.file);
  }
  if (removed.length > 0) detail.removed = removed;
  return detail;
}
