/**
 * A property's brochure as an A4 PDF (decision 053), drawn with PDFKit in the DejaVu Sans
 * fonts kept beside this module (./fonts, with their licence): PDFKit embeds only the glyphs
 * used. Pure drawing: the content, photos already JPEG, comes from ./brochure-content.server.ts.
 *
 * The drawing runs on the main thread (PDFKit is synchronous); a brochure takes some tens of
 * milliseconds, and ./brochure-cache.server.ts runs one at a time.
 */
import { resolve } from "node:path";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";

/** A photo or drawing ready to embed: JPEG bytes and their pixel size. */
export interface BrochureImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

/**
 * A floor plan as the brochure shows it: a drawing embedded under its label, or (a PDF plan,
 * or a drawing that could not be read) its label and address as a link.
 */
export interface BrochureFloorPlan {
  label: string;
  /** The plan's absolute address. */
  url: string;
  image?: BrochureImage | undefined;
}

export interface BrochureCompany {
  name: string;
  telephone: string;
  email: string;
  address: string;
  website: string;
}

/** Everything a brochure shows, as text already formatted for the reader. */
export interface BrochureContent {
  headline: string;
  address: string;
  /** The formatted price ('$2,450,000.00'). */
  price: string;
  /** 'For Sale', 'For Rent', or ''. */
  offerType: string;
  /** The reference the company quotes ('Reference No'), or the code when there is none. */
  reference: string;
  code: string;
  /** Label and value pairs, in the Details tab's order (empty values left out). */
  facts: readonly { label: string; value: string }[];
  /** Plain text, paragraphs separated by blank lines. */
  description: string;
  features: readonly string[];
  /** The cover first, then the other photos. */
  photos: readonly BrochureImage[];
  floorPlans: readonly BrochureFloorPlan[];
  /** The property page's canonical address (the QR code's). */
  pageUrl: string;
  company: BrochureCompany;
}

/** Where the fonts are: this module sits two folders below the project (app/brochure/), as the built site does (build/server/). */
const fontDirectory = resolve(import.meta.dirname, "../../app/brochure/fonts");
const regular = resolve(fontDirectory, "DejaVuSans.ttf");
const bold = resolve(fontDirectory, "DejaVuSans-Bold.ttf");

const ink = "#1f2933";
const muted = "#52606d";
const accent = "#0b5c8a";
const rule = "#cbd2d9";
const panel = "#f0f4f8";

const pageMargin = 42;
const footerHeight = 28;

type Doc = PDFKit.PDFDocument;

/** Starts a new page unless `height` points still fit above the footer. */
function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, text: string) {
  ensureRoom(doc, 60);
  doc.moveDown(0.8);
  doc.font(bold).fontSize(13).fillColor(accent).text(text);
  const y = doc.y + 2;
  doc
    .moveTo(pageMargin, y)
    .lineTo(doc.page.width - pageMargin, y)
    .lineWidth(0.5)
    .strokeColor(rule)
    .stroke();
  doc.y = y + 6;
  doc.font(regular).fontSize(10).fillColor(ink);
}

/** An image scaled to fit `width` × `height` points, centred in that box. */
function drawImage(
  doc: Doc,
  image: BrochureImage,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const scale = Math.min(width / image.width, height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  doc.image(image.jpeg, x + (width - w) / 2, y + (height - h) / 2, { width: w, height: h });
}

/** The QR code of `text` drawn as squares (sharp at any zoom, a few hundred bytes). */
function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  const code = QRCode.create(text, { errorCorrectionLevel: "M" });
  const count = code.modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  doc.rect(x, y, size, size).fillColor("#ffffff").fill();
  doc.fillColor("#000000");
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (code.modules.get(row, column)) {
        doc.rect(x + (column + quiet) * cell, y + (row + quiet) * cell, cell, cell);
      }
    }
  }
  doc.fill();
}

function drawHeader(doc: Doc, content: BrochureContent) {
  const width = doc.page.width - pageMargin * 2;
  const { company } = content;
  const top = doc.y;
  doc
    .font(bold)
    .fontSize(11)
    .fillColor(accent)
    .text(company.name || "Property brochure", pageMargin, top, { width: width / 2 });
  const contact = [company.telephone, company.email].filter(Boolean).join("   ");
  doc
    .font(regular)
    .fontSize(9)
    .fillColor(muted)
    .text(contact, pageMargin + width / 2, top + 1, { width: width / 2, align: "right" });
  doc.y = Math.max(doc.y, top + 16);
  doc.moveDown(0.6);

  doc.x = pageMargin;
  const badges = [
    content.offerType,
    `Reference ${content.reference}`,
    content.code !== content.reference ? `Code ${content.code}` : "",
  ]
    .filter(Boolean)
    .join("  ·  ");
  if (badges) doc.font(regular).fontSize(9).fillColor(muted).text(badges, { width });
  doc.font(bold).fontSize(20).fillColor(ink).text(content.headline, { width });
  if (content.address) {
    doc.font(regular).fontSize(10).fillColor(muted).text(content.address, { width });
  }
  doc.moveDown(0.3);
  doc.font(bold).fontSize(17).fillColor(accent).text(content.price, { width });
  doc.moveDown(0.5);
}

function drawCover(doc: Doc, cover: BrochureImage | undefined) {
  if (!cover) return;
  const width = doc.page.width - pageMargin * 2;
  const height = Math.min(300, (width * cover.height) / cover.width);
  ensureRoom(doc, height);
  drawImage(doc, cover, pageMargin, doc.y, width, height);
  doc.y += height + 10;
}

/** The facts as a grid of small panels, three to a row. */
function drawFacts(doc: Doc, facts: BrochureContent["facts"]) {
  if (facts.length === 0) return;
  heading(doc, "Key facts");
  const width = doc.page.width - pageMargin * 2;
  const columns = 3;
  const gap = 6;
  const cellWidth = (width - gap * (columns - 1)) / columns;
  const cellHeight = 30;
  facts.forEach((fact, index) => {
    const column = index % columns;
    if (column === 0) {
      if (index > 0) doc.y += cellHeight + gap;
      ensureRoom(doc, cellHeight);
    }
    const x = pageMargin + column * (cellWidth + gap);
    const y = doc.y;
    doc.rect(x, y, cellWidth, cellHeight).fillColor(panel).fill();
    doc
      .font(regular)
      .fontSize(7.5)
      .fillColor(muted)
      .text(fact.label.toUpperCase(), x + 7, y + 5, { width: cellWidth - 14, lineBreak: false });
    doc
      .font(bold)
      .fontSize(10)
      .fillColor(ink)
      .text(fact.value, x + 7, y + 15, { width: cellWidth - 14, height: 13, ellipsis: true });
    doc.y = y;
  });
  doc.y += cellHeight;
  doc.x = pageMargin;
}

function drawDescription(doc: Doc, description: string) {
  if (!description) return;
  heading(doc, "Description");
  const width = doc.page.width - pageMargin * 2;
  // Blocks (paragraphs, lists) apart; a list's items, one to a line, close together.
  for (const block of description.split(/\n{2,}/)) {
    doc.font(regular).fontSize(10).fillColor(ink).text(block.trim(), pageMargin, doc.y, {
      width,
      lineGap: 2,
    });
    doc.y += 6;
  }
}

function drawFeatures(doc: Doc, features: readonly string[]) {
  if (features.length === 0) return;
  heading(doc, "Features");
  const width = doc.page.width - pageMargin * 2;
  const columnWidth = width / 2;
  const rows = Math.ceil(features.length / 2);
  const lineHeight = 16;
  for (let row = 0; row < rows; row++) {
    ensureRoom(doc, lineHeight);
    const y = doc.y;
    for (let column = 0; column < 2; column++) {
      const feature = features[row * 2 + column];
      if (feature === undefined) continue;
      const x = pageMargin + column * columnWidth;
      doc
        .circle(x + 3, y + 5.5, 2)
        .fillColor(accent)
        .fill();
      doc
        .font(regular)
        .fontSize(10)
        .fillColor(ink)
        .text(feature, x + 12, y, { width: columnWidth - 16, lineBreak: false, ellipsis: true });
    }
    doc.y = y + lineHeight;
  }
  doc.x = pageMargin;
}

/** The photos after the cover, two to a row. */
function drawPhotos(doc: Doc, photos: readonly BrochureImage[]) {
  if (photos.length === 0) return;
  heading(doc, "Photos");
  const width = doc.page.width - pageMargin * 2;
  const gap = 8;
  const cellWidth = (width - gap) / 2;
  const cellHeight = cellWidth * 0.66;
  photos.forEach((photo, index) => {
    const column = index % 2;
    if (column === 0) {
      if (index > 0) doc.y += cellHeight + gap;
      ensureRoom(doc, cellHeight);
    }
    drawImage(doc, photo, pageMargin + column * (cellWidth + gap), doc.y, cellWidth, cellHeight);
  });
  doc.y += cellHeight;
  doc.x = pageMargin;
}

function drawFloorPlans(doc: Doc, plans: readonly BrochureFloorPlan[]) {
  if (plans.length === 0) return;
  heading(doc, "Floor plans");
  const width = doc.page.width - pageMargin * 2;
  for (const plan of plans) {
    ensureRoom(doc, plan.image ? 200 : 30);
    doc.font(bold).fontSize(10).fillColor(ink).text(plan.label, pageMargin, doc.y, { width });
    if (plan.image) {
      const height = Math.min(320, (width * plan.image.height) / plan.image.width);
      ensureRoom(doc, height);
      drawImage(doc, plan.image, pageMargin, doc.y + 4, width, height);
      doc.y += height + 12;
    } else {
      doc
        .font(regular)
        .fontSize(9)
        .fillColor(accent)
        .text(plan.url, pageMargin, doc.y, { width, link: plan.url, underline: true });
      doc.moveDown(0.5);
    }
  }
}

/** The closing panel: the QR code of the page and the company's contact details. */
function drawContact(doc: Doc, content: BrochureContent) {
  const width = doc.page.width - pageMargin * 2;
  const height = 118;
  doc.moveDown(1);
  ensureRoom(doc, height);
  const top = doc.y;
  doc.rect(pageMargin, top, width, height).fillColor(panel).fill();
  const qrSize = 98;
  drawQrCode(doc, content.pageUrl, pageMargin + 10, top + 10, qrSize);
  const textX = pageMargin + qrSize + 26;
  const textWidth = width - qrSize - 36;
  const { company } = content;
  doc
    .font(bold)
    .fontSize(12)
    .fillColor(accent)
    .text(company.name ? `Contact ${company.name}` : "Contact us", textX, top + 12, {
      width: textWidth,
    });
  doc.font(regular).fontSize(10).fillColor(ink);
  const lines: [string, string][] = [
    ["Telephone", company.telephone],
    ["E-mail", company.email],
    ["Address", company.address],
    ["Website", company.website],
  ];
  for (const [label, value] of lines) {
    if (!value) continue;
    doc.text(`${label}: ${value}`, textX, doc.y + 2, { width: textWidth, lineBreak: false });
  }
  doc
    .font(regular)
    .fontSize(8.5)
    .fillColor(muted)
    .text("Scan the code to see this property online:", textX, doc.y + 6, { width: textWidth })
    .fillColor(accent)
    .text(content.pageUrl, { width: textWidth, link: content.pageUrl, lineBreak: false });
  doc.y = top + height;
}

/** Each page's footer: the reference, the company's telephone and the page number. */
function drawFooters(doc: Doc, content: BrochureContent) {
  const range = doc.bufferedPageRange();
  const width = doc.page.width - pageMargin * 2;
  const parts = [content.company.name, content.company.telephone, `Ref. ${content.reference}`];
  const left = parts.filter(Boolean).join("  ·  ");
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Written below the bottom margin, which would otherwise start a new page.
    const { bottom } = doc.page.margins;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - pageMargin + 6;
    doc
      .moveTo(pageMargin, y - 6)
      .lineTo(doc.page.width - pageMargin, y - 6)
      .lineWidth(0.5)
      .strokeColor(rule)
      .stroke();
    doc.font(regular).fontSize(8).fillColor(muted);
    doc.text(left, pageMargin, y, { width: width - 60, lineBreak: false });
    doc.text(`${index + 1} / ${range.count}`, pageMargin + width - 60, y, {
      width: 60,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** The brochure's PDF bytes. */
export function renderBrochurePdf(content: BrochureContent): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: {
      top: pageMargin,
      left: pageMargin,
      right: pageMargin,
      bottom: pageMargin + footerHeight,
    },
    font: regular,
    bufferPages: true,
    lang: "en",
    displayTitle: true,
    info: {
      Title: content.headline,
      Author: content.company.name,
      Subject: `${content.headline}, ${content.price}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolvePdf, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolvePdf(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const [cover, ...photos] = content.photos;
  drawHeader(doc, content);
  drawCover(doc, cover);
  drawFacts(doc, content.facts);
  drawDescription(doc, content.description);
  drawFeatures(doc, content.features);
  drawPhotos(doc, photos);
  drawFloorPlans(doc, content.floorPlans);
  drawContact(doc, content);
  drawFooters(doc, content);
  doc.end();
  return done;
}
