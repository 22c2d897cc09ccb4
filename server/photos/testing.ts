/**
 * Photo tests' helpers: a multipart/form-data post as a browser sends it, with the cookies of
 * a signed-in test browser.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { AdminBrowser } from "../staff/testing.ts";

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
