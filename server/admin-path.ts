/**
 * The back office's address space: `/admin` and everything under it, its data requests
 * (`/admin/….data`) included, in any case, as the router matches it. Its answers are private
 * (server/staff/admin-headers.ts) and only its renders get the back office's services
 * (server/plugins/site.ts).
 */
export function isAdminPath(url: string): boolean {
  return /^\/admin(?:[/.?]|$)/i.test(url);
}
