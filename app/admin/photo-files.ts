/**
 * Reading the photo files of a posted form (decision 056): the manager's form without
 * JavaScript and the uploader's one-file posts carry them as `photos`. A file input left
 * empty posts one nameless empty file, which is no photo. The floor-plan form (decision 052's
 * addendum) carries its files under another field.
 */
import { photoFields } from "../../lib/admin-photos.ts";

export async function postedPhotoFiles(
  form: FormData,
  field: string = photoFields.files,
): Promise<{ name: string; bytes: Buffer }[]> {
  const files: { name: string; bytes: Buffer }[] = [];
  for (const value of form.getAll(field)) {
    if (typeof value === "string") continue;
    if (value.size === 0 && value.name === "") continue;
    files.push({ name: value.name || "The file", bytes: Buffer.from(await value.arrayBuffer()) });
  }
  return files;
}

export function photosPath(code: string): string {
  return `/admin/listings/${encodeURIComponent(code)}/photos`;
}
