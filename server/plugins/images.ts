/**
 * The images of SPEC §7 at /images: /images/property/{file}, /images/sliders/{file} and the
 * default /images/no.png, from IMAGE_DIR. @fastify/static refuses paths that leave the folder.
 */
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

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
    reply.code(404).type("text/plain; charset=utf-8").send("Image not found"),
  );
}
