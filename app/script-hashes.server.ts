/**
 * The `'sha256-…'` CSP sources of a rendered page's inline scripts. Pages carry no nonce (a
 * nonce repeated to every visitor of a shared page is worthless, decision 031): the renderer
 * allows the scripts it wrote by their hashes instead.
 */
import { hash } from "node:crypto";

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources for the inline scripts of `html` (not src= scripts, not data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScriptPattern)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && !type.includes("javascript")) continue;
    hashes.add(`'sha256-${hash("sha256", match[2] ?? "", "base64")}'`);
  }
  return [...hashes];
}
