/**
 * Matching the SPEC's code lists (a collection's item_list, a property's related_product and
 * features) against the full lists in the shared state.
 */
import type { Amenity, Property } from "../../../lib/api-contract.ts";
import { type JsonList, parseJsonList } from "../../../lib/json-list.ts";

/** The codes of a JSON list of `{ code }` objects (bare strings count too); junk is skipped. */
export function codesOf(list: JsonList): string[] {
  return parseJsonList(list).flatMap((item) => {
    if (typeof item === "string" && item !== "") return [item];
    if (item && typeof item === "object" && "code" in item) {
      const code = (item as { code: unknown }).code;
      if (typeof code === "string" && code !== "") return [code];
      if (typeof code === "number") return [String(code)];
    }
    return [];
  });
}

/**
 * The properties whose code (or slug) is in `codes`, in the order of `codes`, each once.
 * Codes that match nothing are dropped (SPEC §3: "matched by code against the full list").
 */
export function matchProperties(codes: readonly string[], properties: readonly Property[]) {
  const byCode = new Map<string, Property>();
  for (const property of properties) {
    byCode.set(property.code, property);
    if (!byCode.has(property.slug)) byCode.set(property.slug, property);
  }
  const seen = new Set<string>();
  const matched: Property[] = [];
  for (const code of codes) {
    const property = byCode.get(code);
    if (property && !seen.has(property.code)) {
      seen.add(property.code);
      matched.push(property);
    }
  }
  return matched;
}

/** The amenity ids of a property's `features` list; numeric strings count. */
export function featureIdsOf(list: JsonList): number[] {
  return parseJsonList(list).flatMap((item) => {
    const raw =
      item && typeof item === "object" && "id" in item ? (item as { id: unknown }).id : item;
    const id = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
    return Number.isInteger(id) ? [id] : [];
  });
}

/** The amenities whose id is in `ids`, in the order of `ids`, each once. */
export function matchAmenities(ids: readonly number[], amenities: readonly Amenity[]): Amenity[] {
  const byId = new Map(amenities.map((amenity) => [amenity.id, amenity]));
  const seen = new Set<number>();
  return ids.flatMap((id) => {
    const amenity = byId.get(id);
    if (!amenity || seen.has(id)) return [];
    seen.add(id);
    return [amenity];
  });
}

/**
 * The alt text staff gave each photo in the back office (decision 056: `alt` beside `imageUrl`
 * in image_list), for `files` in their order; "" where there is none.
 */
export function imageAltsOf(
  property: Pick<Property, "image_list">,
  files: readonly string[],
): string[] {
  const alts = new Map<string, string>();
  for (const item of parseJsonList(property.image_list)) {
    if (!item || typeof item !== "object" || !("imageUrl" in item) || !("alt" in item)) continue;
    const { imageUrl, alt } = item as { imageUrl: unknown; alt: unknown };
    if (typeof imageUrl === "string" && typeof alt === "string") alts.set(imageUrl, alt.trim());
  }
  return files.map((file) => alts.get(file) ?? "");
}

/** The image files of a property: its cover first, then image_list's `imageUrl`s, each once. */
export function imageFilesOf(property: Pick<Property, "cover_image" | "image_list">): string[] {
  const files = [property.cover_image];
  for (const item of parseJsonList(property.image_list)) {
    const file =
      typeof item === "string"
        ? item
        : item && typeof item === "object" && "imageUrl" in item
          ? (item as { imageUrl: unknown }).imageUrl
          : undefined;
    if (typeof file === "string") files.push(file);
  }
  return [...new Set(files.filter((file) => file.trim() !== ""))];
}
