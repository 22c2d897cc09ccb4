/**
 * The form token a post to the back office carries (decision 037), read for the admin layout's
 * check before any action. A form is read from a copy of the request, as the action reads the
 * body itself. A multipart post (photos, floor plans, a slider's image, the logo: up to 64 MB)
 * is not parsed whole for it: every such form the back office sends has the token as its first
 * field (the hidden field leads each form, the uploader sets it first), so only the copy's first
 * part is read and the rest of the copy let go. Parsing the copy whole held the files twice
 * more in memory, and kept the body buffered for the action meanwhile (decision 065). A
 * multipart post whose first field is something else is parsed whole, as before.
 */
import { formTokenField } from "./staff.ts";

/** The headers of the token's part, as browsers write them. */
const tokenPartHeader = new RegExp(
  `^content-disposition:\\s*form-data;\\s*name="${formTokenField}"\\s*$`,
  "im",
);

/** Bytes of a multipart body read for its first field. */
const firstPartWindow = 16 * 1024;

function boundaryOf(request: Request): string | undefined {
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) return undefined;
  return /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type)?.slice(1).find(Boolean);
}

/** The first `limit` bytes (or fewer) of a copy of the request's body; the rest is let go. */
async function headOfBody(request: Request, limit: number): Promise<Buffer> {
  const reader = request.clone().body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    // Not awaited: a copy's cancel settles only once the original is done with too.
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** The value of a multipart body's first part when it is the form token; else undefined. */
function leadingToken(head: Buffer, boundary: string): string | undefined {
  const text = head.toString("latin1");
  const start = `--${boundary}\r\n`;
  if (!text.startsWith(start)) return undefined;
  const headersEnd = text.indexOf("\r\n\r\n", start.length);
  if (headersEnd < 0) return undefined;
  const headers = text.slice(start.length, headersEnd);
  if (!tokenPartHeader.test(headers)) return undefined;
  if (/filename=/i.test(headers)) return undefined;
  const valueEnd = text.indexOf(`\r\n--${boundary}`, headersEnd + 4);
  if (valueEnd < 0) return undefined;
  return Buffer.from(text.slice(headersEnd + 4, valueEnd), "latin1").toString("utf8");
}

/** The token a post carries (null or undefined when it carries none). */
export async function postedFormToken(
  request: Request,
): Promise<FormDataEntryValue | null | undefined> {
  const boundary = boundaryOf(request);
  if (boundary !== undefined) {
    const token = leadingToken(await headOfBody(request, firstPartWindow), boundary);
    if (token !== undefined) return token;
  }
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  return form?.get(formTokenField);
}
