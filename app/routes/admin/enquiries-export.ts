/**
 * The inbox's CSV export (decision 045): every enquiry its filters match, newest first, in the
 * columns of `npm run enquiries -- export` and through the same formula-safe cells. A GET like
 * the inbox, so a link carries the filters; it changes nothing.
 */
import { adminEnquiriesContext } from "#app-context";
import { parseAdminEnquiryQuery } from "../../../lib/admin-enquiries.ts";
import { staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/enquiries-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const { query } = parseAdminEnquiryQuery(new URL(request.url).searchParams);
  const { after: _after, before: _before, ...filters } = query;
  const csv = await context.get(adminEnquiriesContext).exportCsv(session, filters);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="enquiries-${day}.csv"`,
    },
  });
}
