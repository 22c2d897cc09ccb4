/**
 * The back office's site content (decision 057): sliders, the three featured collections, the
 * company profile and logo, amenities and categories. Each write runs in one transaction with
 * its audit event (decision 050) and is then announced on the content-change path
 * (server/content-changes.ts), so every app server drops its cached pages and §7 answers at
 * once. Images go through server/staff/site-image-upload.ts alone.
 */

import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AdminContentService, StaffSession } from "#app-context";
import type { Database, DatabaseHandle } from "../../db/database.ts";
import {
  deleteAmenity,
  findAmenity,
  findAmenityByTitle,
  insertAmenity,
  listAmenityUses,
  updateAmenity,
} from "../../db/queries/amenity.ts";
import { type AuditEvent, recordAuditEvent } from "../../db/queries/audit.ts";
import {
  countCategoryListings,
  deleteCategory,
  deleteCategoryMovingListings,
  findCategory,
  findCategoryByTitle,
  insertCategory,
  listCategoryUses,
  renameCategory,
} from "../../db/queries/category.ts";
import { saveCollectionItems } from "../../db/queries/collection.ts";
import { companyProfileFields, saveCompanyProfile } from "../../db/queries/company-profile.ts";
import { findListingChoices } from "../../db/queries/listing-editor.ts";
import { findPublishByCodes } from "../../db/queries/property.ts";
import {
  deleteSlider,
  findSliderRow,
  insertSliderLast,
  listSliderRows,
  moveSlider,
  updateSlider,
} from "../../db/queries/slider.ts";
import type {
  AdminCollection,
  AdminSlider,
  ContentFieldIssue,
  ContentSave,
  ProfileFormValues,
  SliderFormValues,
  TermFormValues,
} from "../../lib/admin-content.ts";
import {
  categoryMoveProblems,
  collectionPlaces,
  maxCollectionItems,
} from "../../lib/admin-content.ts";
import { type CollectionName, collectionNames } from "../../lib/collection-names.ts";
import { changedFields } from "../audit/changes.ts";
import { profileInputSchema } from "../content/profile.ts";
import { isSliderLink } from "../content/sliders.ts";
import { publishContentChange } from "../content-changes.ts";
import { actorOf } from "./listings.ts";
import { type SiteImageKind, type StoredSiteImage, storeSiteImage } from "./site-image-upload.ts";

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

const invalid = (issues: ContentFieldIssue[]): ContentSave => ({
  ok: false,
  reason: "invalid",
  issues,
});

/** A slider's texts: the content command's rules, worded for the form. */
function sliderIssues(values: SliderFormValues): ContentFieldIssue[] {
  const issues: ContentFieldIssue[] = [];
  const title = values.title.trim();
  if (title === "") issues.push({ field: "title", message: "must not be empty" });
  else if (title.length > 200) {
    issues.push({ field: "title", message: "must be at most 200 characters" });
  }
  const link = values.link.trim();
  if (link === "") issues.push({ field: "link", message: "must not be empty" });
  else if (!isSliderLink(link)) {
    issues.push({
      field: "link",
      message: "must be a path on this site (such as /property) or an http(s) address",
    });
  }
  return issues;
}

/** The profile's fields, every one required: the content command's one schema. */
const profileFormSchema = profileInputSchema.omit({ logo: true }).required();

/** An amenity's or category's title; an amenity's icon name. */
const termSchema = z.object({
  title: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  icon: z
    .string()
    .trim()
    .max(40, "must be at most 40 characters")
    .regex(/^[a-z0-9-]*$/, "may hold only small letters, digits and hyphens")
    .optional(),
});

function termIssues(values: TermFormValues): ContentFieldIssue[] {
  const parsed = termSchema.safeParse(values);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? "title"),
        message: issue.message,
      }));
}

function iconOf(values: TermFormValues): string {
  const icon = values.icon?.trim() ?? "";
  if (icon !== "") return icon;
  return values.title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Raised inside a write's transaction to roll it back with an answer. */
class Refused extends Error {
  readonly answer: ContentSave;
  constructor(answer: ContentSave) {
    super("refused");
    this.answer = answer;
  }
}

function toAdminSlider(row: { id: number; title: string; image_url: string; link: string }) {
  const slider = { id: row.id, title: row.title, image_url: row.image_url, link: row.link };
  return { ...slider, version: contentVersion(slider) } satisfies AdminSlider;
}

async function profileRow(db: Kysely<Database>) {
  return db.selectFrom("company_profile").selectAll().orderBy("id").limit(1).executeTakeFirst();
}

function profileVersion(row: Awaited<ReturnType<typeof profileRow>>): string {
  return row === undefined ? "" : contentVersion(companyProfileFields.map((field) => row[field]));
}

async function collectionRow(db: Kysely<Database>, name: CollectionName) {
  return db.selectFrom("collection").selectAll().where("title", "=", name).executeTakeFirst();
}

/** A collection's codes, as the site reads them (an unreadable list is empty, SPEC §8). */
function codesOf(itemList: string | undefined): string[] {
  if (itemList === undefined) return [];
  try {
    const items: unknown = JSON.parse(itemList);
    if (!Array.isArray(items)) return [];
    return items.flatMap((item) =>
      item !== null && typeof item === "object" && typeof item.code === "string" ? [item.code] : [],
    );
  } catch {
    return [];
  }
}

export function createAdminContent(options: AdminContentOptions): AdminContentService {
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

  async function itemsOf(trx: Kysely<Database>, codes: readonly string[]) {
    const [choices, published] = await Promise.all([
      findListingChoices(trx, codes),
      findPublishByCodes(trx, codes),
    ]);
    const headlines = new Map(choices.map((choice) => [choice.code, choice.headline]));
    return codes.map((code) => ({
      code,
      headline: headlines.get(code) ?? "",
      published: published.get(code) === true,
    }));
  }

  return {
    async sliders() {
      return (await listSliderRows(db)).map(toAdminSlider);
    },
    async slider(_session, id) {
      const row = await findSliderRow(db, id);
      return row === undefined ? null : toAdminSlider(row);
    },
    async addSlider(session, values, image) {
      const problems = sliderIssues(values);
      if (image === null) problems.push({ field: "image", message: "must be chosen" });
      return withImage("slider", image, "image", problems, (file) =>
        write(session, async (trx) => {
          const title = values.title.trim();
          await insertSliderLast(trx, { title, image_url: file ?? "", link: values.link.trim() });
          const added = await trx
            .selectFrom("slider")
            .select("id")
            .orderBy("id", "desc")
            .limit(1)
            .executeTakeFirstOrThrow();
          return {
            id: added.id,
            action: "slider.add",
            subjectType: "slider",
            subjectId: added.id,
            detail: { title, image: file },
          };
        }),
      );
    },
    async saveSlider(session, id, version, values, image) {
      return withImage("slider", image, "image", sliderIssues(values), (file) =>
        write(session, async (trx) => {
          const row = await findSliderRow(trx, id);
          if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
          const before = toAdminSlider(row);
          if (before.version !== version) throw new Refused({ ok: false, reason: "conflict" });
          const after = {
            title: values.title.trim(),
            link: values.link.trim(),
            image_url: file ?? row.image_url,
          };
          await updateSlider(trx, id, after);
          return {
            action: "slider.replace",
            subjectType: "slider",
            subjectId: id,
            // Named by its title: its id means nothing to staff (the log's page).
            detail: {
              title: after.title,
              changes: changedFields(
                { title: row.title, link: row.link, image_url: row.image_url },
                after,
              ),
            },
          };
        }),
      );
    },
    async moveSlider(session, id, direction) {
      let outcome: "moved" | "edge" | "missing" = "missing";
      await write(session, async (trx) => {
        outcome = await moveSlider(trx, id, direction);
        if (outcome !== "moved") throw new Refused({ ok: false, reason: "missing" });
        const rows = await listSliderRows(trx);
        const place = rows.findIndex((row) => row.id === id);
        return {
          action: "slider.move",
          subjectType: "slider",
          subjectId: id,
          detail: { title: rows[place]?.title, direction, position: place + 1 },
        };
      });
      return outcome;
    },
    async removeSlider(session, id) {
      const saved = await write(session, async (trx) => {
        const row = await findSliderRow(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        // The image file stays: pages cached elsewhere may still show it.
        await deleteSlider(trx, id);
        return {
          action: "slider.remove",
          subjectType: "slider",
          subjectId: id,
          detail: { title: row.title },
        };
      });
      return saved.ok ? "removed" : "missing";
    },

    async collections() {
      return Promise.all(
        collectionNames.map(async (name): Promise<AdminCollection> => {
          const row = await collectionRow(db, name);
          return {
            name,
            place: collectionPlaces[name],
            items: await itemsOf(db, codesOf(row?.item_list)),
            version: contentVersion(row?.item_list ?? ""),
          };
        }),
      );
    },
    collectionItems: (_session, codes) => itemsOf(db, codes),
    async saveCollection(session, name, version, codes) {
      if (!collectionNames.includes(name)) throw new Error(`No collection is named ${name}.`);
      const problems: ContentFieldIssue[] = [];
      const repeated = [...new Set(codes.filter((code, index) => codes.indexOf(code) !== index))];
      if (repeated.length > 0) {
        problems.push({ field: "items", message: `lists ${repeated.join(", ")} more than once` });
      }
      if (codes.length > maxCollectionItems) {
        problems.push({
          field: "items",
          message: `may hold at most ${maxCollectionItems} listings`,
        });
      }
      if (problems.length > 0) return invalid(problems);
      return write(session, async (trx) => {
        const row = await collectionRow(trx, name);
        if (contentVersion(row?.item_list ?? "") !== version) {
          throw new Refused({ ok: false, reason: "conflict" });
        }
        const known = await findPublishByCodes(trx, codes);
        const unknown = codes.filter((code) => !known.has(code));
        if (unknown.length > 0) {
          throw new Refused(
            invalid([
              { field: "items", message: `has no listing with the code ${unknown.join(", ")}` },
            ]),
          );
        }
        const before = codesOf(row?.item_list);
        await saveCollectionItems(trx, name, codes);
        return {
          action: "collection.set",
          subjectType: "collection",
          subjectId: name,
          detail: { changes: changedFields({ codes: before }, { codes: [...codes] }) },
        };
      });
    },

    async profile(session) {
      requireOwner(session);
      const row = await profileRow(db);
      const values: ProfileFormValues = {
        business_name: row?.business_name ?? "",
        page_description: row?.page_description ?? "",
        website: row?.website ?? "",
        telephone: row?.telephone ?? "",
        email_address: row?.email_address ?? "",
        address: row?.address ?? "",
      };
      return { values, logo: row?.image_url ?? "", version: profileVersion(row) };
    },
    async saveProfile(session, version, values, logo) {
      requireOwner(session);
      const parsed = profileFormSchema.safeParse(values);
      const problems: ContentFieldIssue[] = parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? ""),
            message: issue.message,
          }));
      return withImage("logo", logo, "logo", problems, (file) =>
        write(session, async (trx) => {
          const row = await profileRow(trx);
          if (profileVersion(row) !== version) throw new Refused({ ok: false, reason: "conflict" });
          if (!parsed.success) throw new Error("unreachable: checked above");
          // A first profile without a logo shows the site's fallback logo (decision 024).
          const image_url = file ?? row?.image_url ?? "logo.png";
          const after = { ...parsed.data, image_url };
          await saveCompanyProfile(trx, after);
          const before = row
            ? Object.fromEntries(companyProfileFields.map((field) => [field, row[field]]))
            : {};
          return {
            action: "profile.set",
            subjectType: "profile",
            detail: { changes: changedFields(before, after) },
          };
        }),
      );
    },

    async amenities() {
      return listAmenityUses(db);
    },
    async addAmenity(session, values) {
      const problems = termIssues(values);
      if (problems.length > 0) return invalid(problems);
      const title = values.title.trim();
      return write(session, async (trx) => {
        if (await findAmenityByTitle(trx, title)) {
          throw new Refused(invalid([{ field: "title", message: "is already an amenity" }]));
        }
        const icon = iconOf(values);
        const id = await insertAmenity(trx, { title, icon });
        return {
          id,
          action: "amenity.add",
          subjectType: "amenity",
          subjectId: id,
          detail: { title, icon },
        };
      });
    },
    async renameAmenity(session, id, values) {
      const problems = termIssues(values);
      if (problems.length > 0) return invalid(problems);
      const title = values.title.trim();
      return write(session, async (trx) => {
        const row = await findAmenity(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        if (await findAmenityByTitle(trx, title, id)) {
          throw new Refused(invalid([{ field: "title", message: "is already an amenity" }]));
        }
        const after = { title, icon: iconOf(values) };
        await updateAmenity(trx, id, after);
        return {
          id,
          action: "amenity.rename",
          subjectType: "amenity",
          subjectId: id,
          // Named by its title even when only its icon changed.
          detail: {
            title,
            changes: changedFields({ title: row.title, icon: row.icon }, after),
          },
        };
      });
    },
    async removeAmenity(session, id) {
      return write(session, async (trx, at) => {
        const row = await findAmenity(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        const listings = await deleteAmenity(trx, id, at);
        return {
          action: "amenity.remove",
          subjectType: "amenity",
          subjectId: id,
          detail: { title: row.title, listings: listings.length },
        };
      });
    },

    async categories() {
      return listCategoryUses(db);
    },
    async addCategory(session, values) {
      const problems = termIssues({ title: values.title });
      if (problems.length > 0) return invalid(problems);
      const title = values.title.trim();
      return write(session, async (trx) => {
        if (await findCategoryByTitle(trx, title)) {
          throw new Refused(invalid([{ field: "title", message: "is already a category" }]));
        }
        const id = await insertCategory(trx, title);
        return {
          id,
          action: "category.add",
          subjectType: "category",
          subjectId: id,
          detail: { title },
        };
      });
    },
    async renameCategory(session, id, values) {
      const problems = termIssues({ title: values.title });
      if (problems.length > 0) return invalid(problems);
      const title = values.title.trim();
      return write(session, async (trx) => {
        const row = await findCategory(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        if (await findCategoryByTitle(trx, title, id)) {
          throw new Refused(invalid([{ field: "title", message: "is already a category" }]));
        }
        await renameCategory(trx, id, title);
        return {
          id,
          action: "category.rename",
          subjectType: "category",
          subjectId: id,
          detail: { title, changes: changedFields({ title: row.title }, { title }) },
        };
      });
    },
    async removeCategory(session, id, move) {
      return write(session, async (trx, at) => {
        const row = await findCategory(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        if (move === undefined) {
          const listings = await countCategoryListings(trx, id);
          if (listings > 0) throw new Refused({ ok: false, reason: "in-use", listings });
          await deleteCategory(trx, id);
          return {
            action: "category.remove",
            subjectType: "category",
            subjectId: id,
            detail: { title: row.title },
          };
        }
        if (move.to === id) {
          throw new Refused(invalid([{ field: "to", message: categoryMoveProblems.itself }]));
        }
        const target = move.to === null ? null : await findCategory(trx, move.to);
        if (target === undefined) {
          throw new Refused(invalid([{ field: "to", message: categoryMoveProblems.gone }]));
        }
        const moved = await deleteCategoryMovingListings(trx, id, target?.id ?? null, at);
        // The confirmation named a number: any other is not what was agreed to, so all rolls back.
        if (moved !== move.listings) throw new Refused({ ok: false, reason: "conflict" });
        return {
          action: "category.remove",
          subjectType: "category",
          subjectId: id,
          detail: { title: row.title, listings: moved, movedTo: target?.title ?? null },
        };
      });
    },
  };
}
