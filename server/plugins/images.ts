/**
 * The images of SPEC §7 at /images: /images/property/{file}, /images/sliders/{file} and the
 * default /images/no.png, from IMAGE_DIR. @fastify/static refuses paths that leave the folder.
 */
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const imageNotFound = "Image not found";

export async function imagesPlugin(app: FastifyInstance, options: { imageDir: string }) {
  await app.register(fastifyStatic, {
    root: resolve(options.imageDir),
    prefix: "/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    // A file's name changes when its content does (seeded and uploaded names are unique).
    maxAge: "365d",
    immutable: true,
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type("text/plain; charset=utf-8").send(imageNotFound),
  );
  // @fastify/static answers 403 to a folder or an escaping path; to a visitor (and a prober)
  // every such path simply names no image.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode !== 403) return payload;
    reply.code(404).type("text/plain; charset=utf-8").removeHeader("cache-control");
    return imageNotFound;
  });
}
