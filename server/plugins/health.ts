/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: what it needs answers:
 * the database, and Redis when REDIS_URL is set, since without it every enquiry and sign-up is
 * refused). A server not ready answers 503 naming what is away; it recovers by itself. A server
 * draining before it stops (server/drain.ts) answers 503 "draining" for good.
 */
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { sql } from "kysely";

export interface HealthOptions {
  /** The app's Redis client (REDIS_URL), when configured. */
  redis?: Redis | undefined;
}

/** How long /readyz waits for Redis's answer: a ping is sub-millisecond when it is up. */
const redisPingTimeoutMs = 1000;

async function redisAnswers(redis: Redis): Promise<boolean> {
  if (redis.status !== "ready") return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), redisPingTimeoutMs);
  });
  const ping = redis.ping().then(
    (answer) => answer === "PONG",
    () => false,
  );
  return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    // A server about to stop sends no more traffic its way (decision 091).
    if (app.drain.draining) {
      return reply.code(503).send({ status: "draining", message: "The server is shutting down." });
    }
    try {
      await sql`select 1`.execute(app.database.db);
    } catch (error) {
      request.log.warn({ err: error }, "database unreachable");
      return reply
        .code(503)
        .send({ status: "unavailable", message: "The database is unreachable." });
    }
    if (options.redis && !(await redisAnswers(options.redis))) {
      request.log.warn("Redis unreachable");
      return reply.code(503).send({ status: "unavailable", message: "Redis is unreachable." });
    }
    return { status: "ready" };
  });
}
