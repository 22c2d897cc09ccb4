/**
 * What a property description (SPEC §3: "description (HTML)") may contain: paragraphs, lists,
 * emphasis, small headings and plain links. Everything else is dropped, the content of
 * script-like elements included. The seed applies it when it writes descriptions, and the
 * site's server applies it again before rendering, because any §7 backend's HTML is untrusted.
 */
import type { IOptions } from "sanitize-html";

/** Links in a description leave the site without its referrer and earn the target no ranking. */
const descriptionLinkRel = "nofollow noopener noreferrer";

export const descriptionAllowList: IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "blockquote",
    "h3",
    "h4",
    "a",
  ],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: descriptionLinkRel } }),
  },
};
