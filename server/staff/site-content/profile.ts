/**
 * The company profile and logo in the back office (decision 057), owners only, saved over the
 * version the form showed through the profile's one write path (server/content/profile.ts,
 * decision 084), every field required.
 */
import type { AdminContentService } from "#app-context";
import type { ProfileFormValues } from "../../../lib/admin-content.ts";
import { findProfileRow, profileVersion, setCompanyProfile } from "../../content/profile.ts";
import { type ContentWrites, toContentSave } from "./writes.ts";

export function createProfileContent({
  db,
  writerFor,
  requireOwner,
}: ContentWrites): Pick<AdminContentService, "profile" | "saveProfile"> {
  return {
    async profile(session) {
      requireOwner(session);
      const row = await findProfileRow(db);
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
      return toContentSave(
        await setCompanyProfile(writerFor(session), { ...values }, logo, {
          complete: true,
          version,
        }),
      );
    },
  };
}
