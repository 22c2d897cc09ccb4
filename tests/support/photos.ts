/**
 * Photo tests' helpers: a multipart/form-data post as a browser sends it, with the cookies of
 * a signed-in test browser, and the fields a form of the page would post.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { expect } from "vitest";
import { phonePhotoOwner } from "./factories.ts";
import type { AdminBrowser } from "./staff.ts";

export interface PostedFile {
  field: string;
  name: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipartBody(
  fields: Record<string, string>,
  files: readonly PostedFile[],
): { body: Buffer; contentType: string } {
  const boundary = `----photos${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a form of repeated fields (a URL-encoded body) with the browser's cookies. */
export function postForm(
  app: FastifyInstance,
  browser: AdminBrowser,
  url: string,
  body: URLSearchParams,
): Promise<LightMyRequestResponse> {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    payload: body.toString(),
  });
}

/** Posts a multipart form with the browser's cookies. */
export async function postMultipart(
  app: FastifyInstance,
  browser: AdminBrowser,
  url: string,
  fields: Record<string, string>,
  files: readonly PostedFile[],
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(fields, files);
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType, cookie },
    payload: body,
  });
}

/**
 * The fields the form labelled by `labelledBy` would post as the page shows it, in order:
 * inputs with their values, checkboxes and radios only when checked (buttons left out).
 */
export function formFields(html: string, labelledBy: string): [string, string][] {
  const start = html.indexOf(`aria-labelledby="${labelledBy}"`);
  if (start === -1) throw new Error(`the page has no form labelled by ${labelledBy}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: [string, string][] = [];
  for (const match of form.matchAll(/<input([^>]*)>/g)) {
    const attributes = match[1] ?? "";
    const name = /name="([^"]+)"/.exec(attributes)?.[1];
    const value = /value="([^"]*)"/.exec(attributes)?.[1] ?? "";
    const type = /type="([^"]+)"/.exec(attributes)?.[1] ?? "text";
    if (!name) continue;
    if ((type === "checkbox" || type === "radio") && !/\bchecked\b/.test(attributes)) continue;
    fields.push([
      name,
      value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&amp;", "&"),
    ]);
  }
  return fields;
}

/**
 * Checks that a stored original holds no metadata (decision 065): no EXIF, XMP, IPTC, ICC
 * profile or comment by sharp's reading, not the owner's name anywhere in its bytes, and its
 * pixels already upright: `shown` is the size the phone's photo was shown at.
 */
export async function expectNoPrivateMetadata(
  bytes: Buffer,
  shown: { width: number; height: number },
): Promise<void> {
  const metadata = await sharp(bytes).metadata();
  expect({
    exif: metadata.exif,
    xmp: metadata.xmp,
    iptc: metadata.iptc,
    icc: metadata.icc,
    comments: metadata.comments,
    orientation: metadata.orientation ?? 1,
    width: metadata.width,
    height: metadata.height,
  }).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
    icc: undefined,
    comments: undefined,
    orientation: 1,
    ...shown,
  });
  expect(bytes.includes(phonePhotoOwner)).toBe(false);
  expect(bytes.includes("Taken by")).toBe(false);
}
