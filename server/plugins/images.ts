/**
 * The images of SPEC §7 at /images: /images/property/{file}, /images/sliders/{file} and the
 * default /images/no.png, from IMAGE_DIR, with their WebP derivatives
 * (`{file}.{width}w.webp`, lib/image-variants.ts), and the floor plans' PDFs beside the
 * photos (decision 052).
 *
 * - A file on disk is served with a year's immutable cache: names change when content does.
 * - A derivative not on disk yet is made from its original (bounded, then stored); when the
 *   encoder is too busy or fails, the original is served under the derivative's URL, briefly
 *   cached, so a later request gets the WebP.
 * - A missing image answers 404 with the no.png placeholder as its body, so even a page that
 *   cannot swap images (no JavaScript) shows the placeholder; other misses answer 404 text.
 * - No path leaves the folder: @fastify/static refuses escaping paths and dotfiles, and paths
 *   handled here pass `imageFilePath`.
 * - Only regular image files inside the folder are served (decision 024): a symbolic link
 *   whose target is outside it, a folder, or a file of another type (a stray .html, .svg or
 *   backup) answers as a missing image, before @fastify/static would send it.
 */
import { createReadStream } from "node:fs";
import { lstat, readFile, realpath, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { imageFilePath } from "../../lib/image-derivatives.server.ts";
import { parseImageVariantPath } from "../../lib/image-variants.ts";
import { pdfContentSecurityPolicy } from "../../lib/pdf-policy.ts";
import { createOnDemandDerivatives } from "../images/on-demand.ts";

const imageNotFound = "Image not found";
const immutable = "public, max-age=31536000, immutable";
/** For answers that may change: a missing image may be uploaded, a derivative made later. */
const shortLived = "public, max-age=300";

const imageTypes: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".tif": "image/tiff",
  ".tiff": "image/tiff",
  // Floor plans may be PDFs (decision 052), stored beside the photos in property/.
  ".pdf": "application/pdf",
};

/** The path under the image folder that a request URL names (decoded), if it names one. */
function relativeImagePath(url: string, prefix: string): string | undefined {
  const pathname = url.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith(`${prefix}/`)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(prefix.length + 1));
  } catch {
    return undefined;
  }
}

/**
 * Whether `file` (a path under the image folder) may be served: a type in `imageTypes`, and
 * once symbolic links are followed, a regular file still inside the folder.
 */
async function isServableImage(realRoot: string, file: string): Promise<boolean> {
  if (imageTypes[extname(file).toLowerCase()] === undefined) return false;
  try {
    const target = await realpath(file);
    return target.startsWith(`${realRoot}${sep}`) && (await stat(target)).isFile();
  } catch {
    return false;
  }
}

export async function imagesPlugin(app: FastifyInstance, options: { imageDir: string }) {
  const root = resolve(options.imageDir);
  // The folder itself may be a link (a mounted volume, say): its target is the boundary.
  const realRoot = await realpath(root).catch(() => root);
  const isFile = (path: string) => isServableImage(realRoot, path);
  const derivatives = createOnDemandDerivatives(root, {
    onError: (error, path) => app.log.warn({ err: error, path }, "image derivative failed"),
  });

  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    // A file's name changes when its content does (seeded and uploaded names are unique).
    maxAge: "365d",
    immutable: true,
  });

  // Anything on disk at the path must be a servable image; what is missing goes on to the
  // handler below (a derivative made on demand, or the placeholder).
  app.addHook("onRequest", async (request, reply) => {
    const relative = relativeImagePath(request.url, app.prefix);
    const file = relative === undefined ? undefined : imageFilePath(root, relative);
    if (file === undefined) return;
    const onDisk = await lstat(file).then(
      () => true,
      () => false,
    );
    if (onDisk && !(await isFile(file))) return reply.callNotFound();
  });

  app.setNotFoundHandler(async (request, reply) => {
    const relative = relativeImagePath(request.url, app.prefix);
    const file = relative === undefined ? undefined : imageFilePath(root, relative);
    const type = file === undefined ? undefined : imageTypes[extname(file).toLowerCase()];
    if (relative === undefined || file === undefined || type === undefined) {
      return reply.code(404).type("text/plain; charset=utf-8").send(imageNotFound);
    }

    const variant = parseImageVariantPath(relative);
    const original = variant && imageFilePath(root, variant.original);
    if (original !== undefined && (await isFile(original))) {
      const body = await derivatives.render(relative);
      if (body !== undefined) {
        return reply.type("image/webp").header("cache-control", immutable).send(body);
      }
      return reply
        .type(imageTypes[extname(original).toLowerCase()] ?? "application/octet-stream")
        .header("cache-control", shortLived)
        .send(createReadStream(original));
    }

    const placeholderFile = resolve(root, "no.png");
    const placeholder = (await isFile(placeholderFile))
      ? await readFile(placeholderFile).catch(() => undefined)
      : undefined;
    if (placeholder === undefined) {
      return reply.code(404).type("text/plain; charset=utf-8").send(imageNotFound);
    }
    return reply.code(404).type("image/png").header("cache-control", shortLived).send(placeholder);
  });

  // A floor plan's PDF (decision 052) gets the PDFs' policy, sandboxed (decision 065).
  app.addHook("onSend", async (_request, reply, payload) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("application/pdf")) {
      reply.header("content-security-policy", pdfContentSecurityPolicy);
    }
    return payload;
  });

  // @fastify/static answers 403 to a folder or an escaping path; to a visitor (and a prober)
  // every such path simply names no image.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode !== 403) return payload;
    reply.code(404).type("text/plain; charset=utf-8").removeHeader("cache-control");
    return imageNotFound;
  });
}
