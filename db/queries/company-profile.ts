import type { Kysely } from "kysely";
import type { CompanyProfile } from "../../lib/api-contract.ts";
import type { CompanyProfileRow, Database } from "../database.ts";

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
  const row = await db
    .selectFrom("company_profile")
    .selectAll()
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? undefined : toCompanyProfile(row);
}
