/**
 * A listing's vendor report (decision 099): its figures by week for the last twelve weeks, the
 * weeks' sums and the totals since it was added, as CSV (formula-safe cells, lib/csv.ts) and as
 * an A4 PDF drawn with PDFKit in the brochure's fonts (decision 053).
 */
import { resolve } from "node:path";
import PDFDocument from "pdfkit";
import type { AdminListingFigures } from "#app-context";
import { formatCsv } from "../../lib/csv.ts";
import { type FigureCounts, figureColumns, weekLabel } from "../../lib/listing-figures.ts";

const countsOf = (counts: FigureCounts) => figureColumns.map(({ key }) => counts[key]);

const daysOnMarketText = (days: number | null) =>
  days === null ? "Not on the market" : `${days} ${days === 1 ? "day" : "days"}`;

/** The report as CSV: one row per week, then the twelve weeks' sums and the totals. */
export function vendorReportCsv(figures: AdminListingFigures): string {
  return formatCsv(
    ["week_starting", ...figureColumns.map(({ key }) => key), "days_on_market"],
    [
      ...figures.weeks.map((week) => [week.weekStart, ...countsOf(week), null]),
      ["last_12_weeks", ...countsOf(figures.lastWeeks), null],
      ["total", ...countsOf(figures.total), figures.listing.daysOnMarket],
    ],
  );
}

const fontDirectory = resolve(import.meta.dirname, "../../app/brochure/fonts");
const regular = resolve(fontDirectory, "DejaVuSans.ttf");
const bold = resolve(fontDirectory, "DejaVuSans-Bold.ttf");
const ink = "#1f2933";
const muted = "#52606d";
const accent = "#0b5c8a";
const rule = "#cbd2d9";
const margin = 48;

/** The report as an A4 PDF. */
export function renderVendorReportPdf(
  figures: AdminListingFigures,
  companyName: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const { listing } = figures;
  const doc = new PDFDocument({
    size: "A4",
    margin,
    lang: "en",
    displayTitle: true,
    info: {
      Title: `Vendor report: ${listing.headline}`,
      Author: companyName,
      Subject: `How listing ${listing.code} is doing`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolvePdf, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    // Copied into a fresh buffer: a Response takes only bytes over a plain ArrayBuffer.
    doc.on("end", () => resolvePdf(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  const width = doc.page.width - margin * 2;

  doc
    .font(bold)
    .fontSize(11)
    .fillColor(accent)
    .text(companyName || "Vendor report");
  doc.moveDown(0.6);
  doc.font(bold).fontSize(18).fillColor(ink).text(listing.headline);
  doc.font(regular).fontSize(10).fillColor(muted).text(`${listing.address} · ${listing.code}`);
  doc.moveDown(0.6);
  doc
    .fillColor(ink)
    .text(`Days on market: ${daysOnMarketText(listing.daysOnMarket)}`)
    .text(`Figures as of ${figures.readAt.slice(0, 10)} (weeks run Monday to Sunday, UTC)`);
  doc.moveDown(1);

  const columns = ["Week starting", ...figureColumns.map(({ label }) => label)];
  const columnWidth = width / columns.length;
  const row = (cells: readonly (string | number)[], font: string) => {
    const y = doc.y;
    doc.font(font).fontSize(9.5).fillColor(ink);
    cells.forEach((cell, index) => {
      doc.text(String(cell), margin + index * columnWidth, y, {
        width: columnWidth - 6,
        align: index === 0 ? "left" : "right",
        lineBreak: false,
      });
    });
    doc.y = y + 16;
    doc
      .moveTo(margin, doc.y - 3)
      .lineTo(margin + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
  };
  row(columns, bold);
  for (const week of figures.weeks) row([weekLabel(week.weekStart), ...countsOf(week)], regular);
  row(["Last 12 weeks", ...countsOf(figures.lastWeeks)], bold);
  row(["Since listed", ...countsOf(figures.total)], bold);

  doc.moveDown(1.5);
  doc
    .font(regular)
    .fontSize(8.5)
    .fillColor(muted)
    .text(
      "Page views count each visitor once a day, without cookies; known bots and visits " +
        "without JavaScript are left out. " +
        "Shortlist adds count the times visitors saved the home on this site; alert matches, " +
        "the times it was sent to a search alert's subscriber.",
      margin,
      doc.y,
      { width },
    );
  doc.end();
  return done;
}
