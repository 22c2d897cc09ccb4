/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async () => ({ status: "ok" }));

  app.get("/readyz", async (request, reply) => {
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "database unreachable");
      return reply
        .code(503)
        .send({ status: "unavailable", message: "The database is unreachable." });
    }
  });
}
