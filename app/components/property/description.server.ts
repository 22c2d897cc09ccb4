/**
 * Sanitises a property description on the site's server, before it is rendered as HTML
 * (see lib/description-html.ts). A `.server` module: the sanitiser never reaches the browser.
 */
import { LRUCache } from "lru-cache";
import type { Property } from "../../../lib/api-contract.ts";
import { descriptionAllowList } from "../../../lib/description-html.ts";

type Sanitize = typeof import("sanitize-html");

// Loaded on the first property page, not at start: it brings an HTML and a CSS parser.
let loading: Promise<Sanitize> | undefined;

/**
 * Sanitised descriptions by their source text, so a listing is sanitised once per version of
 * its description, not on every render (sanitize-html parses the whole text each time). Keyed
 * by the text itself: an edited description is a new key; bounded to about 4 MB of text.
 */
const sanitized = new LRUCache<string, string>({
  maxSize: 2 * 1024 * 1024,
  sizeCalculation: (clean, source) => clean.length + source.length || 1,
});

/** The description's HTML with only the allow-listed elements and attributes left. */
export async function sanitizeDescription(html: string): Promise<string> {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  loading ??= import("sanitize-html").then((module) => module.default);
  const sanitizeHtml = await loading;
  const clean = sanitizeHtml(html, descriptionAllowList);
  sanitized.set(html, clean);
  return clean;
}

/** The property with its description sanitised. */
export async function withSanitizedDescription(property: Property): Promise<Property> {
  return { ...property, description: await sanitizeDescription(property.description) };
}
