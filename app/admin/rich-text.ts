/**
 * The description editor's toolbar and its browser-side cleaning (decision 044). Both follow
 * the site's one allow-list (lib/description-html.ts): a button shows only when the element it
 * makes is allowed, and HTML put into the editor keeps only allowed elements and attributes.
 * The server sanitises every save again with sanitize-html and the same list; this cleaning
 * only keeps the editor from running anything it is given (a pasted or reloaded text).
 */
import { descriptionAllowList, descriptionParagraphs } from "../../lib/description-html.ts";

export interface RichTextCommand {
  /** The element the command makes; the button shows only when the allow-list has it. */
  tag: string;
  label: string;
  /** What the button shows: the label itself, or a one-letter symbol of it (its name stays the label). */
  text: string;
  /** document.execCommand's command and value. */
  command: string;
  value?: string;
  /** The button is a toggle whose state queryCommandState reports. */
  toggle?: boolean;
}

const commands: RichTextCommand[] = [
  { tag: "strong", label: "Bold", text: "B", command: "bold", toggle: true },
  { tag: "em", label: "Italic", text: "I", command: "italic", toggle: true },
  { tag: "h3", label: "Heading", text: "Heading", command: "formatBlock", value: "h3" },
  { tag: "h4", label: "Subheading", text: "Subheading", command: "formatBlock", value: "h4" },
  { tag: "p", label: "Paragraph", text: "¶", command: "formatBlock", value: "p" },
  { tag: "ul", label: "Bullets", text: "Bullets", command: "insertUnorderedList" },
  { tag: "ol", label: "Numbers", text: "Numbers", command: "insertOrderedList" },
  { tag: "blockquote", label: "Quote", text: "Quote", command: "formatBlock", value: "blockquote" },
  { tag: "a", label: "Link", text: "Link", command: "createLink" },
  { tag: "a", label: "Unlink", text: "Unlink", command: "unlink" },
];

const allowedTags = new Set(
  Array.isArray(descriptionAllowList.allowedTags) ? descriptionAllowList.allowedTags : [],
);

/** The toolbar's commands the allow-list permits. */
export const richTextCommands = commands.filter((command) => allowedTags.has(command.tag));

const droppedWithContent = new Set(["script", "style", "template", "iframe", "object", "noscript"]);
const allowedSchemes = Array.isArray(descriptionAllowList.allowedSchemes)
  ? descriptionAllowList.allowedSchemes
  : [];

function allowedAttributes(tag: string): string[] {
  const attributes = descriptionAllowList.allowedAttributes;
  if (!attributes) return [];
  const list = attributes[tag];
  return Array.isArray(list) ? list.filter((name): name is string => typeof name === "string") : [];
}

function isAllowedHref(href: string): boolean {
  const match = /^\s*([a-z][a-z0-9+.-]*):/i.exec(href);
  return match?.[1] !== undefined && allowedSchemes.includes(match[1].toLowerCase());
}

/** Keeps only the allow-list's elements (others are unwrapped, script-like ones dropped). */
function cleanChildren(source: Node, target: Node, document: Document): void {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(document.createTextNode(child.textContent ?? ""));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    // A line typed as a <div> (as the server's allow-list does) stays its own paragraph.
    const tag = element.tagName.toLowerCase() === "div" ? "p" : element.tagName.toLowerCase();
    if (droppedWithContent.has(tag)) continue;
    if (!allowedTags.has(tag)) {
      cleanChildren(element, target, document);
      continue;
    }
    const copy = document.createElement(tag);
    for (const name of allowedAttributes(tag)) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      if (name === "href" && !isAllowedHref(value)) continue;
      copy.setAttribute(name, value);
    }
    cleanChildren(element, copy, document);
    target.appendChild(copy);
  }
}

/**
 * HTML reduced to the allow-list, parsed in an inert document (nothing in it runs or loads),
 * for the editor to show; loose text made paragraphs as the server stores it (plain text typed
 * without JavaScript, or a refused save's box shown again).
 */
export function cleanForEditor(html: string): string {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const out = document.createElement("div");
  cleanChildren(parsed.body, out, document);
  return descriptionParagraphs(out.innerHTML);
}
