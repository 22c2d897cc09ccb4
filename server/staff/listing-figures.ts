/**
 * The back office's listing figures (decision 099): a listing's counts by week for the last
 * twelve weeks, their sums and the totals, and its vendor report (CSV or PDF), whose download
 * is recorded in the audit log (a listing's figures leave the office with it).
 */
import type { AdminListingFigures, AdminListingFiguresService } from "#app-context";
import type { DatabaseHandle } from "../../db/database.ts";
import { recordAuditEvent } from "../../db/queries/audit.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  findFiguresListing,
  listDayFigures,
  totalFigures,
} from "../../db/queries/listing-figures.ts";
import {
  addCounts,
  daysOnMarket,
  noCounts,
  rollUpByWeek,
  weekStarts,
} from "../../lib/listing-figures.ts";
import { actorOf } from "./listings.ts";
import { renderVendorReportPdf, vendorReportCsv } from "./vendor-report.ts";

export function createAdminListingFigures(options: {
  database: DatabaseHandle;
  log: { info(object: unknown, message: string): void };
  now?: () => Date;
}): AdminListingFiguresService {
  const { database, log } = options;
  const now = options.now ?? (() => new Date());
  const db = database.db;

  async function figures(code: string): Promise<AdminListingFigures | null> {
    const listing = await findFiguresListing(db, code);
    if (!listing) return null;
    const at = now();
    const [firstWeek] = weekStarts(at);
    const days = await listDayFigures(db, listing, firstWeek ?? "");
    const weeks = rollUpByWeek(days, at);
    return {
      listing: {
        code: listing.code,
        headline: listing.headline,
        address: listing.address,
        daysOnMarket: daysOnMarket(listing, at),
      },
      weeks,
      lastWeeks: weeks.reduce((sum, week) => addCounts(sum, week), noCounts()),
      total: await totalFigures(db, listing),
      readAt: at.toISOString(),
    };
  }

  return {
    figures: (_session, code) => figures(code),
    async report(session, code, format) {
      const shown = await figures(code);
      if (!shown) return null;
      const body =
        format === "csv"
          ? vendorReportCsv(shown)
          : await renderVendorReportPdf(shown, (await findCompanyProfile(db))?.business_name ?? "");
      await recordAuditEvent(db, {
        actor: actorOf(session),
        action: "listing.report",
        subjectType: "listing",
        subjectId: shown.listing.code,
        detail: { format },
        at: now(),
      });
      log.info({ by: session.user.id, code, format }, "vendor report downloaded");
      const day = shown.readAt.slice(0, 10);
      // A code may hold characters a header's quoted file name must not.
      const safeCode = shown.listing.code.replace(/[^A-Za-z0-9._-]/g, "-");
      return { body, fileName: `vendor-report-${safeCode}-${day}.${format}` };
    },
  };
}
