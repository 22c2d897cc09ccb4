/** The company profile (SPEC §7 `/company/profile`): validated fields and the logo file. */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { saveCompanyProfile } from "../../db/queries/company-profile.ts";
import type { CompanyProfile } from "../../lib/api-contract.ts";
import { inspectImage, removeStoredImages, storeImage } from "./images.ts";

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

/**
 * Saves the profile, copying the logo into IMAGE_DIR (its root, where §7 clients look for it).
 * Answers whether anything changed.
 */
export async function setCompanyProfile(
  db: Kysely<Database>,
  imageDir: string,
  input: ProfileInput,
): Promise<"inserted" | "updated" | "unchanged"> {
  const { logo, ...fields } = input;
  const profile: Partial<CompanyProfile> = { ...fields };
  let created: string | undefined;
  if (logo !== undefined) {
    const stored = await storeImage(imageDir, "", await inspectImage(logo));
    profile.image_url = stored.file;
    if (stored.created) created = stored.file;
  }
  try {
    return await saveCompanyProfile(db, profile);
  } catch (error) {
    if (created !== undefined) await removeStoredImages(imageDir, "", [created]);
    throw error;
  }
}
