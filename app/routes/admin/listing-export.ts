/**
 * Every listing as a file (decision 096): the columns of `npm run content -- export`, CSV or
 * JSON by `?format=`, streamed as the server reads the listings. For any member of staff; a
 * GET, it changes nothing.
 */
import { data } from "react-router";
import { adminListingTransferContext } from "#app-context";
import { isListingFileFormat } from "../../../lib/admin-listing-transfer.ts";
import { staffSessionContext } from "../../admin/staff.ts";
import type { Route } from "./+types/listing-export";

const contentTypes = {
  csv: "text/csv; charset=utf-8",
  json: "application/json; charset=utf-8",
} as const;

export function loader({ request, context }: Route.LoaderArgs) {
  const session = context.get(staffSessionContext);
  const format = new URL(request.url).searchParams.get("format") ?? "csv";
  if (!isListingFileFormat(format)) {
    throw data({ message: "Download the listings as format=csv or format=json." }, { status: 400 });
  }
  const body = context.get(adminListingTransferContext).exportListings(session, format);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": contentTypes[format],
      "Content-Disposition": `attachment; filename="listings-${day}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
}
