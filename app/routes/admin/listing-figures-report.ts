/**
 * A listing's vendor report (decision 099), `?format=pdf` (the default) or `csv`: owners only,
 * each download recorded in the audit log.
 */
import { data } from "react-router";
import { adminListingFiguresContext } from "#app-context";
import { ownerSession } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-figures-report";

const contentTypes = { pdf: "application/pdf", csv: "text/csv; charset=utf-8" } as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = ownerSession(context);
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "pdf";
  const report = await context.get(adminListingFiguresContext).report(session, params.code, format);
  if (!report) throw data({ message: "There is no listing with this code." }, { status: 404 });
  return new Response(report.body, {
    headers: {
      "Content-Type": contentTypes[format],
      "Content-Disposition": `attachment; filename="${report.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
