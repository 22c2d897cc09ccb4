/**
 * The company profile (SPEC §7 `/company/profile`): its fields' rules and the one place it and
 * the logo are written, by the content command and the back office alike (decision 084).
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { companyProfileFields, saveCompanyProfile } from "../../db/queries/company-profile.ts";
import type { CompanyProfile } from "../../lib/api-contract.ts";
import { changedFields } from "../audit/changes.ts";
import type { SiteImageSource } from "./site-images.ts";
import {
  type ContentIssue,
  type ContentWriteResult,
  type ContentWriter,
  contentVersion,
  Refused,
  withSiteImage,
  writeContent,
} from "./writes.ts";

const text = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`);

/** The fields `profile set` may change; the logo is a file, given as `logo`. */
export const profileInputSchema = z.strictObject({
  business_name: text(200).optional(),
  page_description: text(500).optional(),
  website: z.httpUrl({ error: "must be an http(s) address" }).optional(),
  telephone: text(50).optional(),
  email_address: z.email({ error: "must be an e-mail address" }).optional(),
  address: text(300).optional(),
  /** A path to the logo image (relative paths: from the JSON file's folder, or the working folder). */
  logo: text(1000).optional(),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Validates profile fields; throws an Error listing every bad field. */
export function readProfileInput(values: Record<string, unknown>): ProfileInput {
  const parsed = profileInputSchema.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new Error(
    parsed.error.issues
      .map((issue) =>
        issue.code === "unrecognized_keys"
          ? `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`
          : `${issue.path.join(".")} ${issue.message}`,
      )
      .join("; "),
  );
}

/** The profile fields of a JSON file; its `logo` is resolved from the file's folder. */
export async function readProfileFile(path: string): Promise<ProfileInput> {
  let values: unknown;
  try {
    values = JSON.parse(await readFile(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
  if (values === null || typeof values !== "object" || Array.isArray(values)) {
    throw new Error(`${path}: the JSON must be an object of profile fields.`);
  }
  const input = readProfileInput(values as Record<string, unknown>);
  return input.logo === undefined ? input : { ...input, logo: resolve(dirname(path), input.logo) };
}

/** The profile's fields without the logo; the back office's form must give every one. */
const profileFieldsSchema = profileInputSchema.omit({ logo: true });
const completeProfileSchema = profileFieldsSchema.required();

/** The profile row, if there is one (the first, if somehow there are several). */
export async function findProfileRow(db: Kysely<Database>) {
  return db.selectFrom("company_profile").selectAll().orderBy("id").limit(1).executeTakeFirst();
}

/** The fingerprint of the profile as a form shows it: a save over another version is refused. */
export function profileVersion(row: Awaited<ReturnType<typeof findProfileRow>>): string {
  return row === undefined ? "" : contentVersion(companyProfileFields.map((field) => row[field]));
}

export interface ProfileWrite {
  /** Every field must be given (the back office's form); otherwise only those given change. */
  complete?: boolean;
  /** The version the form showed; a changed profile is refused (`conflict`). */
  version?: string;
}

/**
 * Saves the profile's fields and the logo (stored in IMAGE_DIR's root, where §7 clients look
 * for it). A first profile without a logo shows the site's fallback logo (decision 024). Nothing
 * changed records no event; `change` says what happened.
 */
export async function setCompanyProfile(
  writer: ContentWriter,
  values: Record<string, unknown>,
  logo: SiteImageSource | null,
  { complete = false, version }: ProfileWrite = {},
): Promise<ContentWriteResult<{ change: "inserted" | "updated" | "unchanged" }>> {
  const parsed = (complete ? completeProfileSchema : profileFieldsSchema).safeParse(values);
  const problems: ContentIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: String(issue.path[0] ?? ""),
        message: issue.message,
      }));
  return withSiteImage(writer, "logo", logo, "logo", problems, (file) =>
    writeContent(writer, async (trx) => {
      if (!parsed.success) throw new Error("unreachable: checked above");
      const row = await findProfileRow(trx);
      if (version !== undefined && profileVersion(row) !== version) {
        throw new Refused({ ok: false, reason: "conflict" });
      }
      const image_url = file ?? (row === undefined ? "logo.png" : undefined);
      const after: Partial<CompanyProfile> = {
        ...parsed.data,
        ...(image_url === undefined ? {} : { image_url }),
      };
      const change = await saveCompanyProfile(trx, after);
      if (change === "unchanged") return { change, event: null };
      const before = row
        ? Object.fromEntries(companyProfileFields.map((field) => [field, row[field]]))
        : {};
      return {
        change,
        event: {
          action: "profile.set",
          subjectType: "profile",
          detail: { changes: changedFields(before, after) },
        },
      };
    }),
  );
}
