/**
 * The SPEC's JSON list fields (features, image_list, related_product, item_list) are stored and
 * sent as JSON text, as the original backend did; a backend may also send real arrays.
 *
 * Kept apart from the zod schemas of api-contract.ts so the browser can read these lists
 * without downloading zod.
 */

/** A JSON list field as it may arrive: JSON text, an array, or nothing. */
export type JsonList = string | unknown[] | null | undefined;

/** Reads a JSON list field whichever way it arrived; anything unparsable is an empty list. */
export function parseJsonList(value: JsonList): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string" || value.trim() === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
