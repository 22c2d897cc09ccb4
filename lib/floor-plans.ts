/**
 * A property's floor plans (decision 052): zero or more, in order, each an image or a PDF with
 * a label. Plain values only, so the browser, the API, the content commands and the back
 * office read them alike without zod.
 */

export const floorPlanKinds = ["image", "pdf"] as const;
export type FloorPlanKind = (typeof floorPlanKinds)[number];

/**
 * One floor plan, as the API's property answer carries it (`floor_plans`) and the site reads it.
 * `file` is read like `cover_image`: a file name under the image base's /property/ folder, or
 * an http(s) address or a site path used as it is (app/site-settings.ts's `imageUrl`).
 */
export interface FloorPlan {
  label: string;
  file: string;
  kind: FloorPlanKind;
}

/** The most floor plans one property may have. */
export const maxFloorPlans = 20;
export const maxFloorPlanLabel = 100;
export const maxFloorPlanFile = 2000;

/** The image formats a plan may be in: those the image host serves and a browser shows. */
const imageExtension = /\.(?:png|jpe?g|webp|gif|avif)$/i;

/**
 * What a plan's file is, by its extension (a query or fragment after it ignored): `.pdf` a PDF,
 * an image extension an image; anything else is not a floor plan.
 */
export function floorPlanKindOf(file: string): FloorPlanKind | undefined {
  const path = file.replace(/[?#].*$/, "");
  if (/\.pdf$/i.test(path)) return "pdf";
  if (imageExtension.test(path)) return "image";
  return undefined;
}

/** The label a plan given without one gets: "Floor plan 2". */
export function defaultFloorPlanLabel(index: number): string {
  return `Floor plan ${index + 1}`;
}

/**
 * Separates a plan's label from its file in a list item: `Ground floor=ground.png`. A label
 * holds no `=`; a file (an address's query) may.
 */
export const floorPlanLabelSeparator = "=";

/** One plan as a list item of the content commands and the editor: `Ground floor=ground.png`. */
export function formatFloorPlanItem(plan: Pick<FloorPlan, "label" | "file">): string {
  return `${plan.label}${floorPlanLabelSeparator}${plan.file}`;
}

/**
 * Reads `Label=file`, or a file alone (its label then `defaultFloorPlanLabel(index)`), trimmed.
 * The kind comes from the file's extension; undefined when it is neither an image nor a PDF.
 */
export function parseFloorPlanItem(
  item: string,
  index: number,
): { label: string; file: string; kind: FloorPlanKind | undefined } {
  const at = item.indexOf(floorPlanLabelSeparator);
  // An address alone (`https://…/plan.png?v=2`) has its `=` after a `/` or `?`.
  const labelled = at !== -1 && !/[/?]/.test(item.slice(0, at));
  const label = labelled ? item.slice(0, at).trim() : "";
  const file = (labelled ? item.slice(at + 1) : item).trim();
  return {
    label: label === "" ? defaultFloorPlanLabel(index) : label,
    file,
    kind: floorPlanKindOf(file),
  };
}

/** A value that arrived as a floor plan (another backend's, or JSON text): the valid ones. */
export function readFloorPlans(value: unknown): FloorPlan[] {
  let list = value;
  if (typeof list === "string") {
    try {
      list = JSON.parse(list);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, index): FloorPlan[] => {
    if (typeof item !== "object" || item === null) return [];
    const { label, file, kind } = item as Record<string, unknown>;
    if (typeof file !== "string" || file.trim() === "") return [];
    const known = (floorPlanKinds as readonly unknown[]).includes(kind)
      ? (kind as FloorPlanKind)
      : floorPlanKindOf(file);
    if (known === undefined) return [];
    const text = typeof label === "string" ? label.trim() : "";
    return [
      { label: text === "" ? defaultFloorPlanLabel(index) : text, file: file.trim(), kind: known },
    ];
  });
}

/**
 * Whether a plan's file is one the site stored under the SHA-256 of its bytes (uploads and
 * imports: server/photos/photo-store.ts names them so): a name that says nothing to staff, so
 * the listing editor shows such a plan by its label and picture instead (decision 069).
 */
export function isStoredPlanFile(file: string): boolean {
  return /^[0-9a-f]{64}\.[a-z0-9]+$/.test(file);
}
