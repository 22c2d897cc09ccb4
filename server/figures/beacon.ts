/**
 * The figures' beacon (decision 099): `POST /figures/beacon` with `{ "code", "event" }`, sent by
 * the public pages' enhancement script when a property page is seen or its home is added to the
 * shortlist. The pages themselves stay cached by the page cache and any proxy (decision 031);
 * this endpoint is never cached and sets no cookie.
 *
 * A visitor counts once per listing, event and UTC day: their hash is HMAC-SHA-256, under the
 * day's random salt (kept in the database so every app server agrees, and deleted once its day
 * is past), of the event, the listing, the client's address and its User-Agent. Only the hash is
 * kept, and only for its day; neither the address nor the User-Agent is stored. Known bots (the
 * `isbot` list), requests without a User-Agent and cross-site posts count nothing. Every post is
 * answered 204 alike, so the answer tells nobody whether it counted.
 */
import { createHmac, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isbot } from "isbot";
import { countOncePerDay, daySalt, findPublicListingId } from "../../db/queries/listing-figures.ts";
import { figureBeaconPath, isFigureEvent, utcDayOf } from "../../lib/listing-figures.ts";

export interface FigureBeaconOptions {
  /** The clock; tests move it to the next day. */
  now?: () => Date;
}

const columnOf = { view: "views", shortlist: "shortlist_adds" } as const;

/** The hash a visitor's event is counted under on `day`. */
export function visitorHash(
  salt: string,
  parts: { event: string; code: string; ip: string; userAgent: string },
): string {
  return createHmac("sha256", salt)
    .update([parts.event, parts.code, parts.ip, parts.userAgent].join("\n"))
    .digest("hex");
}

/** A post a browser made from another site (`Sec-Fetch-Site`), which must not count. */
function crossSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin";
}

export const figureBeaconPlugin = fp(
  async (app: FastifyInstance, options: FigureBeaconOptions) => {
    const now = options.now ?? (() => new Date());
    const db = app.database.db;

    app.post(
      figureBeaconPath,
      {
        // A beacon's body is a code and a word.
        bodyLimit: 1024,
        schema: {
          body: {
            type: "object",
            required: ["code", "event"],
            properties: {
              code: { type: "string", minLength: 1, maxLength: 120 },
              event: { type: "string", maxLength: 20 },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header("Cache-Control", "no-store");
        const { code, event } = request.body as { code: string; event: string };
        const userAgent = request.headers["user-agent"] ?? "";
        if (isFigureEvent(event) && userAgent !== "" && !isbot(userAgent) && !crossSite(request)) {
          const propertyId = await findPublicListingId(db, code);
          if (propertyId !== undefined) {
            const day = utcDayOf(now());
            const salt = await daySalt(db, day, randomBytes(32).toString("hex"));
            await countOncePerDay(db, {
              propertyId,
              day,
              hash: visitorHash(salt, { event, code, ip: request.ip, userAgent }),
              column: columnOf[event],
            });
          }
        }
        return reply.code(204).send();
      },
    );
  },
  { name: "figure-beacon" },
);
