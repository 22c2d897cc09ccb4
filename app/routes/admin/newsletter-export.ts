/**
 * The newsletter's CSV export (decision 078): every address with its state and dates, cells a
 * spreadsheet never runs as formulas (lib/csv.ts). Owners only, like the page.
 */
import { adminNewsletterContext } from "#app-context";
import { ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/newsletter-export";

export async function loader({ context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const csv = await context.get(adminNewsletterContext).exportCsv(session);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
