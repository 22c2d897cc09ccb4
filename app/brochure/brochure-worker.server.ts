/**
 * The brochure's drawing in a worker thread (./brochure-pool.server.ts): PDFKit lays out text
 * and subsets the fonts synchronously, tens to hundreds of milliseconds of CPU that must not
 * hold up the event loop serving other visitors. Node runs this file itself (type stripping),
 * not the site's build: it imports only the drawing and its libraries.
 */
import { type BrochureContent, renderBrochurePdf } from "./brochure-document.server.ts";

/** Structured cloning hands Buffers over as plain Uint8Arrays: PDFKit wants Buffers back. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export default async function drawBrochure(content: BrochureContent): Promise<Uint8Array> {
  const photos = content.photos.map((photo) => ({ ...photo, jpeg: asBuffer(photo.jpeg) }));
  const floorPlans = content.floorPlans.map((plan) =>
    plan.image ? { ...plan, image: { ...plan.image, jpeg: asBuffer(plan.image.jpeg) } } : plan,
  );
  const pdf = await renderBrochurePdf({ ...content, photos, floorPlans });
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
