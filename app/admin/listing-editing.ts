/**
 * What the listing editor's routes share (decision 044): reading a posted form, the related
 * search of a form posted without JavaScript, and the answer that shows the form again with
 * the values as typed.
 */
import type { AdminListingsService, StaffSession } from "#app-context";
import {
  type ListingChoice,
  type ListingConflictReport,
  type ListingFieldIssue,
  type ListingFormValues,
  listingValuesOf,
} from "../../lib/admin-listing-form.ts";
import { backOfficeUnavailableMessage, isUnavailableAnswer } from "../data-unavailable.ts";
import { adminPaths } from "./staff.ts";

/** What a refused post answers: the form again, as typed. */
export interface ListingFormAnswer {
  values: ListingFormValues;
  issues: ListingFieldIssue[];
  chosen: ListingChoice[];
  related: { query: string; found: ListingChoice[] | null };
  /** Edit: the revision the form was opened at (kept, so a refused save stays refused). */
  revision?: number;
  /** Edit: the base the form was opened with, posted back again (decision 044's addendum). */
  base?: string;
  /** Edit: colleagues saved the listing since and changed fields this form changed too. */
  conflict?: { revision: number } & Omit<ListingConflictReport, "values">;
  /** Not saved: the database did not answer (decision 088); the form comes back as typed. */
  unavailable?: string;
}

export interface EditorPost {
  values: ListingFormValues;
  /** "find": the related search of a form posted without JavaScript; saves nothing. */
  intent: "save" | "find";
  /** The form again, as typed, with `extra` (the route sends it with its status). */
  answer(extra?: Partial<ListingFormAnswer>): Promise<ListingFormAnswer>;
  /**
   * Runs the save `write`; when the database does not answer, the form again as typed with
   * the outage's message, for a 503, read without the database (decision 088).
   */
  unlessUnavailable<T>(
    write: () => Promise<T>,
    extra?: Partial<ListingFormAnswer>,
  ): Promise<{ saved: T } | { unavailable: ListingFormAnswer }>;
  form: FormData;
}

export async function readEditorPost(
  request: Request,
  listings: AdminListingsService,
  session: StaffSession,
): Promise<EditorPost> {
  const form = await request.formData();
  const values = listingValuesOf(form);
  const intent = form.get("intent") === "find" ? "find" : "save";
  const query = String(form.get("related_q") ?? "").trim();
  return {
    values,
    intent,
    form,
    async answer(extra = {}) {
      const [chosen, found] = await Promise.all([
        listings.choices(session, values.related),
        intent === "find" && query ? listings.search(session, query) : Promise.resolve(null),
      ]);
      const answer: ListingFormAnswer = {
        values,
        issues: [],
        chosen,
        related: { query, found },
        ...extra,
      };
      return answer;
    },
    async unlessUnavailable(write, extra = {}) {
      try {
        return { saved: await write() };
      } catch (error) {
        if (!isUnavailableAnswer(error)) throw error;
        // The chosen related listings are shown by code: their headlines need the database.
        const answer: ListingFormAnswer = {
          values,
          issues: [],
          chosen: [],
          related: { query, found: null },
          unavailable: backOfficeUnavailableMessage,
          ...extra,
        };
        return { unavailable: answer };
      }
    },
  };
}

export function editPath(code: string, notice?: Record<string, string>): string {
  const search = notice ? `?${new URLSearchParams(notice)}` : "";
  return `${adminPaths.listings}/${encodeURIComponent(code)}/edit${search}`;
}
