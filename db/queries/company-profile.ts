import type { Kysely } from "kysely";
import type { CompanyProfile } from "../../lib/api-contract.ts";
import type { CompanyProfileRow, Database } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";

export function toCompanyProfile(row: CompanyProfileRow): CompanyProfile {
  return {
    business_name: row.business_name,
    page_description: row.page_description,
    image_url: row.image_url,
    website: row.website,
    telephone: row.telephone,
    email_address: row.email_address,
    address: row.address,
  };
}

/** The company profile (the first, if somehow there are several). */
export async function findCompanyProfile(
  db: Kysely<Database>,
): Promise<CompanyProfile | undefined> {
  return readWhileUnchanged(db, "company profile", async () => {
    const row = await db
      .selectFrom("company_profile")
      .selectAll()
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : toCompanyProfile(row);
  });
}

/**
 * Writes the company profile: updates the first row, or inserts one when there is none (then
 * every field must be given). Answers whether anything changed.
 */
export async function saveCompanyProfile(
  db: Kysely<Database>,
  fields: Partial<CompanyProfile>,
): Promise<"inserted" | "updated" | "unchanged"> {
  const current = await db
    .selectFrom("company_profile")
    .selectAll()
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (current === undefined) {
    const missing = companyProfileFields.filter((field) => fields[field] === undefined);
    if (missing.length > 0) {
      throw new Error(
        `There is no company profile yet: give every field (missing: ${missing.join(", ")}).`,
      );
    }
    await db
      .insertInto("company_profile")
      .values(fields as CompanyProfile)
      .execute();
    return "inserted";
  }
  const changes = Object.fromEntries(
    companyProfileFields
      .filter((field) => fields[field] !== undefined && fields[field] !== current[field])
      .map((field) => [field, fields[field]]),
  );
  if (Object.keys(changes).length === 0) return "unchanged";
  await db.updateTable("company_profile").set(changes).where("id", "=", current.id).execute();
  return "updated";
}

/** The profile's fields, in the SPEC's order. */
export const companyProfileFields = [
  "business_name",
  "page_description",
  "image_url",
  "website",
  "telephone",
  "email_address",
  "address",
] as const satisfies readonly (keyof CompanyProfile)[];
