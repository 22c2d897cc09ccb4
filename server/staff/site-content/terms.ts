/**
 * The amenities and categories in the back office (decision 057): added, renamed and removed;
 * a category in use is removed only with its listings moved, as many as the form confirmed.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AdminContentService } from "#app-context";
import type { Database } from "../../../db/database.ts";
import {
  deleteAmenity,
  findAmenity,
  findAmenityByTitle,
  insertAmenity,
  listAmenityUses,
  updateAmenity,
} from "../../../db/queries/amenity.ts";
import {
  countCategoryListings,
  deleteCategory,
  deleteCategoryMovingListings,
  findCategory,
  findCategoryByTitle,
  insertCategory,
  listCategoryUses,
  renameCategory,
} from "../../../db/queries/category.ts";
import type { ContentFieldIssue, TermFormValues } from "../../../lib/admin-content.ts";
import { categoryMoveProblems } from "../../../lib/admin-content.ts";
import { changedFields } from "../../audit/changes.ts";
import { invalid, Refused } from "../../content/writes.ts";
import type { ContentWrites } from "./writes.ts";

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

export function createTermContent({
  db,
  write,
  listingChanges,
}: ContentWrites): Pick<
  AdminContentService,
  | "amenities"
  | "addAmenity"
  | "renameAmenity"
  | "removeAmenity"
  | "categories"
  | "addCategory"
  | "renameCategory"
  | "removeCategory"
> {
  /** The category's listings to the push portal: their property type is its title. */
  async function queueCategoryListings(trx: Kysely<Database>, id: number, at: Date) {
    if (!listingChanges) return;
    const rows = await trx
      .selectFrom("property")
      .select("code")
      .where("category_id", "=", id)
      .execute();
    await listingChanges.queue(
      trx,
      rows.map((row) => row.code),
      at,
    );
  }

  return {
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
      return write(session, async (trx, at) => {
        const row = await findCategory(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        if (await findCategoryByTitle(trx, title, id)) {
          throw new Refused(invalid([{ field: "title", message: "is already a category" }]));
        }
        await queueCategoryListings(trx, id, at);
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
        await queueCategoryListings(trx, id, at);
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
