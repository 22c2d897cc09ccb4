/**
 * What a stored floor-plan PDF may not hold (decision 065): anything that makes a viewer do
 * more than show the drawing. A PDF is served from the site's own origin (in a CSP sandbox
 * since, server/plugins/images.ts) and opened by whatever viewer a visitor has; a plan needs
 * none of these, so a file naming one is refused at upload and import:
 * - `/JavaScript`, `/JS`: scripts (document-level, in an action, in a form field);
 * - `/AA`: additional actions, run when a page opens or closes, a field is entered, …;
 * - `/Launch`: runs a program or opens a file; `/SubmitForm`, `/ImportData`: send or read
 *   data; `/GoToE`: goes into an embedded file;
 * - `/EmbeddedFile(s)`, `/RichMedia`, `/XFA`: attached files, Flash or video, XML forms
 *   (which carry their own scripts).
 * `/OpenAction` alone stays: drawing programs use it to open at a page and zoom; an opening
 * action that runs a script, launches or submits names one of the above.
 *
 * Names are read as PDF reads them (`/J#61vaScript` is `/JavaScript`), in the file and inside
 * its compressed object streams, where PDF 1.5 and later keep most dictionaries. An object
 * stream that cannot be read (encrypted, another filter, too large) is refused as unchecked.
 */
import { inflateSync } from "node:zlib";

const refusedNames = new Set([
  "JavaScript",
  "JS",
  "AA",
  "Launch",
  "SubmitForm",
  "ImportData",
  "GoToE",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
]);

/** An object stream's dictionaries, inflated, at most this large. */
const maxObjectStreamBytes = 16 * 1024 * 1024;

/** A PDF name: `/` and the characters up to a delimiter or white space. */
const pdfName = /\/([^\s/[\]<>(){}%]+)/g;

/** A stream's dictionary (the last `<<…>>` before `stream`) and where its data starts. */
const streamStart = /<<((?:(?!<<|stream)[\s\S]){0,4000})>>\s*stream\r?\n/g;

function namesIn(text: string): string[] {
  return [...text.matchAll(pdfName)].map(([, name = ""]) =>
    name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** Why a floor plan holding `found` (an answer of {@link pdfActiveContent}) is refused. */
export function pdfRefusal(shown: string, found: string): string {
  if (found === "unreadable") {
    return `${shown} could not be checked for scripts (it is encrypted or compressed in a way the site does not read); print it to a new PDF and use that.`;
  }
  return `${shown} holds a script, an automatic action or an attachment (/${found}); a floor plan must be a plain PDF: print it to a new PDF or export it again without them.`;
}

function refusedNameIn(text: string): string | undefined {
  return namesIn(text).find((name) => refusedNames.has(name));
}

/**
 * The first refused name the PDF holds (`"JavaScript"`), `"unreadable"` when an object stream
 * cannot be checked, or undefined for a plain drawing.
 */
export function pdfActiveContent(bytes: Buffer): string | undefined {
  const text = bytes.toString("latin1");
  const found = refusedNameIn(text);
  if (found !== undefined) return found;
  for (const match of text.matchAll(streamStart)) {
    const names = namesIn(match[1] ?? "");
    if (!names.includes("ObjStm")) continue;
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf("endstream", start);
    const filters = names.filter((name) => name.endsWith("Decode"));
    if (end < 0 || filters.join() !== "FlateDecode") return "unreadable";
    let inflated: Buffer;
    try {
      inflated = inflateSync(bytes.subarray(start, end), {
        maxOutputLength: maxObjectStreamBytes,
      });
    } catch {
      return "unreadable";
    }
    const inside = refusedNameIn(inflated.toString("latin1"));
    if (inside !== undefined) return inside;
  }
  return undefined;
}
