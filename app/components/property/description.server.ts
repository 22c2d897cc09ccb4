/**
 * Sanitises a property description on the site's server, before it is rendered as HTML
 * (see lib/description-html.ts). A `.server` module: the sanitiser never reaches the browser.
 */
import type { Property } from "../../../lib/api-contract.ts";
import { descriptionAllowList } from "../../../lib/description-html.ts";

type Sanitize = typeof import("sanitize-html");

// Loaded on the first property page, not at start: it brings an HTML and a CSS parser.
let loading: Promise<Sanitize> | undefined;

/** The description's HTML with only the allow-listed elements and attributes left. */
export async function sanitizeDescription(html: string): Promise<string> {
  loading ??= import("sanitize-html").then((module) => module.default);
  const sanitizeHtml = await loading;
  return sanitizeHtml(html, descriptionAllowList);
}

/** The property with its description sanitised. */
export async function withSanitizedDescription(property: Property): Promise<Property> {
  return { ...property, description: await sanitizeDescription(property.description) };
}
