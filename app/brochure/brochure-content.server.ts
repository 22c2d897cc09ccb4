/**
 * What a property's brochure shows (decision 053), from the §7 answers the property page uses:
 * facts in the Details tab's words, the description as plain text, the amenities, photos and
 * floor plans read through the image base and re-encoded as modest JPEGs (PDFKit embeds JPEG
 * and PNG only), and the company's contact details.
 */
import { convert } from "html-to-text";
import type { Amenity, CompanyProfile, Property } from "../../lib/api-contract.ts";
import { availabilityLabels } from "../../lib/availability.ts";
import {
  type AreaUnit,
  type CurrencyFormat,
  formatArea,
  formatListingPrice,
  formatWholeAmount,
} from "../../lib/format.ts";
import { hasImageVariants, imageVariantPath } from "../../lib/image-variants.ts";
import { shownFields } from "../../lib/property-fields.ts";
import type { ImageReader } from "../context.ts";
import { absoluteUrl } from "../seo/meta.ts";
import type {
  BrochureContent,
  BrochureFloorPlan,
  BrochureImage,
} from "./brochure-document.server.ts";

/** A floor plan as the listing names it: a drawing (an image) or a PDF, by its address. */
export interface FloorPlan {
  label: string;
  /** An image-base URL (or an absolute one). */
  url: string;
  kind: "image" | "pdf";
}

/** Photos in a brochure: the cover and up to four more. */
export const maxBrochurePhotos = 5;
/**
 * JPEG bytes allowed for all photos and plans together, so the whole file stays well under
 * 2 MB (fonts and text add some tens of kilobytes); an image past it is left out.
 */
export const brochureImageBudget = 1_500_000;
/** Pixel width photos are embedded at: sharp on A4 paper at about 150 dpi across the page. */
const photoWidth = 1000;

export interface BrochureSettings {
  siteUrl: string;
  imageBaseUrl: string;
  imageDerivatives: boolean;
  currency: CurrencyFormat;
  areaUnit: AreaUnit;
}

/** The description's sanitised HTML as plain text: paragraphs, list items as bullets. */
export function descriptionText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "h4", options: { uppercase: false } },
      { selector: "ul", options: { itemPrefix: "• " } },
    ],
  }).trim();
}

/** The Details tab's facts, in its order, empty ones left out. */
export function brochureFacts(
  property: Property,
  areaUnit: AreaUnit,
  currency?: CurrencyFormat,
): { label: string; value: string }[] {
  const count = (value: number | null | undefined) => (value ? String(value) : "");
  const facts: [string, string][] = [
    ["Offer type", property.offer_type],
    [
      "Availability",
      property.availability ? availabilityLabels[property.availability] : property.property_status,
    ],
    // The fields lib/property-fields.ts shows here, in its order.
    ...shownFields("brochure", property).map(({ label, value, display }): [string, string] => [
      label,
      typeof value === "string"
        ? value
        : display === "area"
          ? value
            ? formatArea(value, areaUnit, { group: true })
            : ""
          : display === "money"
            ? formatWholeAmount(value, currency)
            : count(value),
    ]),
    ["City", property.city],
    ["Province", property.province],
    ["Country", property.country],
  ];
  return facts
    .filter(([, value]) => value.trim() !== "")
    .map(([label, value]) => ({ label, value }));
}

type Sharp = typeof import("sharp")["default"];
let sharpLoading: Promise<Sharp> | undefined;

/**
 * sharp, loaded on the first brochure (a server whose image derivatives all exist never loads
 * it otherwise) with libvips' operation cache off: no brochure repeats another's operations
 * (nor do the image route's derivatives, each made once), and the cache held some 75 MB of
 * decoded images for nothing (decision 053).
 */
function loadSharp(): Promise<Sharp> {
  sharpLoading ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}

/**
 * An image's bytes as a JPEG at most `width` pixels wide (`crop`: cut to that aspect ratio),
 * white behind transparency; undefined when it cannot be read or decoded. The derivative at
 * 1200 px is read where the image base has them (smaller than most originals).
 */
async function loadImage(
  readImage: ImageReader,
  settings: BrochureSettings,
  url: string,
  crop?: { width: number; height: number },
): Promise<BrochureImage | undefined> {
  const source =
    settings.imageDerivatives && hasImageVariants(url) ? imageVariantPath(url, 1200) : url;
  const bytes = (await readImage(source)) ?? (source === url ? undefined : await readImage(url));
  if (!bytes) return undefined;
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(
        crop
          ? { ...crop, fit: "cover", withoutEnlargement: true }
          : { width: photoWidth, withoutEnlargement: true },
      )
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 72, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    return undefined;
  }
}

/** The image URL of a file name under the image base's property folder. */
function propertyImageUrl(imageBaseUrl: string, file: string): string {
  if (/^https?:\/\//.test(file) || file.startsWith("/")) return file;
  return `${imageBaseUrl.replace(/\/+$/, "")}/property/${encodeURIComponent(file)}`;
}

/**
 * Reads images in order while the byte budget lasts; those that cannot be read are skipped.
 * Sequential on purpose: one brochure holds one decoded image at a time.
 */
async function loadWithinBudget<T>(
  items: readonly T[],
  load: (item: T) => Promise<BrochureImage | undefined>,
  budget: { left: number },
): Promise<(BrochureImage | undefined)[]> {
  const loaded: (BrochureImage | undefined)[] = [];
  for (const item of items) {
    const image = await load(item);
    if (image && image.jpeg.length <= budget.left) {
      budget.left -= image.jpeg.length;
      loaded.push(image);
    } else {
      loaded.push(undefined);
    }
  }
  return loaded;
}

export interface BrochureSources {
  property: Property;
  /** The property's amenities, matched (the page's Features). */
  amenities: readonly Amenity[];
  profile: CompanyProfile | undefined;
  /** The listing's floor plans (none yet: see the route). */
  floorPlans: readonly FloorPlan[];
  /** The property files (cover first) as the page's gallery lists them. */
  imageFiles: readonly string[];
}

/** The brochure's content: text formatted, images read and re-encoded. */
export async function brochureContent(
  sources: BrochureSources,
  settings: BrochureSettings,
  pageUrl: string,
  readImage: ImageReader,
): Promise<BrochureContent> {
  const { property, profile } = sources;
  const budget = { left: brochureImageBudget };
  const [cover, ...others] = sources.imageFiles.slice(0, maxBrochurePhotos);
  const coverImage = cover
    ? await loadImage(readImage, settings, propertyImageUrl(settings.imageBaseUrl, cover), {
        width: photoWidth,
        height: Math.round(photoWidth * 0.58),
      }).then((image) => (image && image.jpeg.length <= budget.left ? image : undefined))
    : undefined;
  if (coverImage) budget.left -= coverImage.jpeg.length;
  const photos = await loadWithinBudget(
    others,
    (file) =>
      loadImage(readImage, settings, propertyImageUrl(settings.imageBaseUrl, file), {
        width: 600,
        height: 396,
      }),
    budget,
  );
  const planImages = await loadWithinBudget(
    sources.floorPlans,
    (plan) =>
      plan.kind === "image" ? loadImage(readImage, settings, plan.url) : Promise.resolve(undefined),
    budget,
  );
  const floorPlans: BrochureFloorPlan[] = sources.floorPlans.map((plan, index) => ({
    label: plan.label,
    url: absoluteUrl(settings.siteUrl, plan.url),
    image: planImages[index],
  }));
  return {
    headline: property.headline,
    address: property.address,
    price: formatListingPrice(property, settings.currency),
    offerType: property.offer_type,
    reference: property.reference_no || property.code,
    code: property.code,
    facts: brochureFacts(property, settings.areaUnit, settings.currency),
    description: descriptionText(property.description),
    features: sources.amenities.map((amenity) => amenity.title).filter(Boolean),
    photos: [coverImage, ...photos].filter((image) => image !== undefined),
    floorPlans,
    pageUrl,
    company: {
      name: profile?.business_name ?? "",
      telephone: profile?.telephone ?? "",
      email: profile?.email_address ?? "",
      address: profile?.address ?? "",
      website: profile?.website ?? "",
    },
  };
}
