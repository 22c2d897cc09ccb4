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
    // A browser's rich text box makes a <div> for each line typed (Chromium's default): each
    // stays a paragraph instead of its text running into the one before.
    div: "p",
  },
};

/** Elements that hold a description's text as blocks; anything else is inline. */
const blockTags = new Set(["p", "ul", "ol", "li", "blockquote", "h3", "h4"]);

/**
 * Sanitised description HTML with the text outside any block made paragraphs: a blank line
 * starts a new paragraph and a single line break stays one (`<br>`). That is plain text typed
 * into the editor's textarea without JavaScript, and the first line typed into an empty rich
 * text box, which Chromium leaves outside the paragraphs that follow it. Blocks and the white
 * space between them are kept as they are, so stored descriptions do not change.
 *
 * Takes sanitize-html's (or a browser's `innerHTML`) output: only allow-listed elements, every
 * `<` and `>` in text and attribute values escaped, so a tag is exactly `<…>`.
 *
 * Markup without any text (`<p> </p>`, an emptied rich text box's `<p><br></p>`) is stored as
 * "", so "has a description" is `description <> ''` in SQL (decision 104): the RESO feed
 * decides readiness in its query.
 */
export function descriptionParagraphs(html: string): string {
  let out = "";
  // The text outside any block since the last one, split at its blank lines.
  let run = [""];
  let blockDepth = 0;
  // Inline elements open in the run: a blank line inside one does not split it.
  let inlineDepth = 0;
  const flushRun = () => {
    if (run.join("").trim() === "") out += run.join("");
    else {
      for (const paragraph of run) {
        const text = paragraph.trim();
        // A line break alone (what an emptied rich text box holds) is no paragraph.
        if (text.replace(/<br\s*\/?>/gi, "").trim() === "") continue;
        out += `<p>${text.replace(/\r?\n/g, "<br>")}</p>`;
      }
    }
    run = [""];
  };
  const append = (text: string) => {
    run[run.length - 1] += text;
  };
  for (const [token] of html.matchAll(/<[^>]*>|[^<]+/g)) {
    const tag = /^<(\/?)([a-z0-9]+)/i.exec(token);
    const name = tag?.[2]?.toLowerCase();
    const closing = tag?.[1] === "/";
    if (name !== undefined && blockTags.has(name)) {
      if (blockDepth === 0) flushRun();
      blockDepth = Math.max(0, blockDepth + (closing ? -1 : 1));
      out += token;
    } else if (blockDepth > 0) {
      out += token;
    } else if (name !== undefined) {
      if (name !== "br") inlineDepth = Math.max(0, inlineDepth + (closing ? -1 : 1));
      append(token);
    } else if (inlineDepth > 0) {
      append(token);
    } else {
      const [first = "", ...rest] = token.split(/\r?\n[ \t]*(?:\r?\n\s*)+/);
      append(first);
      run.push(...rest);
    }
  }
  flushRun();
  return descriptionHasText(out) ? out : "";
}

/** The description's words without its markup, white space collapsed. */
export function descriptionPlainWords(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether the description has any text beyond its markup and white space. */
export function descriptionHasText(html: string): boolean {
  return descriptionPlainWords(html) !== "";
}
