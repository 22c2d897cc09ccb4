/**
 * The company profile and logo in the back office (decision 057), owners only, saved over the
 * version the form showed.
 */
import type { Kysely } from "kysely";
import type { AdminContentService } from "#app-context";
import type { Database } from "../../../db/database.ts";
import { companyProfileFields, saveCompanyProfile } from "../../../db/queries/company-profile.ts";
import type { ContentFieldIssue, ProfileFormValues } from "../../../lib/admin-content.ts";
import { changedFields } from "../../audit/changes.ts";
import { profileInputSchema } from "../../content/profile.ts";
import { type ContentWrites, contentVersion, Refused } from "./writes.ts";

/** The profile's fields, every one required: the content command's one schema. */
const profileFormSchema = profileInputSchema.omit({ logo: true }).required();

async function profileRow(db: Kysely<Database>) {
  return db.selectFrom("company_profile").selectAll().orderBy("id").limit(1).executeTakeFirst();
}

function profileVersion(row: Awaited<ReturnType<typeof profileRow>>): string {
  return row === undefined ? "" : contentVersion(companyProfileFields.map((field) => row[field]));
}

export function createProfileContent({
  db,
  write,
  withImage,
  requireOwner,
}: ContentWrites): Pick<AdminContentService, "profile" | "saveProfile"> {
  return {
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
  };
}
