/**
 * Drain before stop (decision 091). A server told to stop first drains: `/readyz` answers 503
 * ("draining") and every answer carries `Connection: close`, so the proxy returns none of its
 * connections to this server to its keep-alive pool, while requests are still served as usual.
 * After SHUTDOWN_DRAIN_MS (server/index.ts), longer than the proxy's upstream keep-alive time-out,
 * the proxy holds no idle connection to it that the close could cut under a request (a POST it
 * would not resend); only then does the server stop listening and finish what is in flight.
 */
import type { ServerResponse } from "node:http";
import { Server } from "node:net";
import type { FastifyInstance } from "fastify";

export interface Drain {
  /** True once the server has begun to drain: it is about to stop. */
  readonly draining: boolean;
  /** Starts draining; idempotent. */
  begin(): void;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Whether the server is draining before it stops, and the switch that starts it. */
    drain: Drain;
  }
}

/** Decorates `app` with its drain and closes each connection after its answer while draining. */
export function installDrain(app: FastifyInstance): Drain {
  let draining = false;
  // The answers being prepared, so that those begun before the drain close their connection too.
  const unanswered = new Set<ServerResponse>();
  const closeAfter = (response: ServerResponse) => {
    // On the raw response, so that the site's answers (written through it) carry it too; Node
    // then ends the connection after this answer instead of keeping it alive.
    if (!response.headersSent) response.setHeader("connection", "close");
  };
  const drain: Drain = {
    get draining() {
      return draining;
    },
    begin() {
      if (draining) return;
      draining = true;
      for (const response of unanswered) closeAfter(response);
      unanswered.clear();
    },
  };
  app.decorate("drain", drain);
  app.addHook("onRequest", (_request, reply, done) => {
    const response = reply.raw;
    if (draining) {
      closeAfter(response);
    } else {
      unanswered.add(response);
      const answered = () => unanswered.delete(response);
      response.once("finish", answered);
      response.once("close", answered);
    }
    done();
  });
  return drain;
}

/** How long a connection may stay without a request once the server stops listening. */
const idleGraceMs = 1000;

/**
 * Stops listening and waits until every connection has ended: the requests in flight answered
 * as usual (not Fastify's 503 for requests reaching a closing app), then, after a second, the
 * connections still idle closed, and those that become idle later too. Call `app.close()`
 * afterwards, with nothing left in flight.
 */
export function stopListening(app: FastifyInstance): Promise<void> {
  return new Promise((done) => {
    let sweep: NodeJS.Timeout | undefined;
    // Not at once: a connection the proxy opened just before the close counts as idle until
    // its first request is read, and closing it would lose that request (a POST for good).
    const grace = setTimeout(() => {
      app.server.closeIdleConnections();
      sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    }, idleGraceMs);
    // net.Server's close, not http.Server's, which closes the idle connections at once.
    Server.prototype.close.call(app.server, () => {
      clearTimeout(grace);
      clearInterval(sweep);
      done();
    });
  });
}
