/**
 * Drain before stop (decision 091). A server told to stop refuses new connections at once, and
 * drains the open ones: `/readyz` answers 503 ("draining") and every answer carries
 * `Connection: close`, so the proxy puts none of them back in its keep-alive pool, while their
 * requests are still served as usual. The proxy closes its idle connections itself at its
 * upstream keep-alive time-out, shorter than SHUTDOWN_DRAIN_MS (server/index.ts): no idle
 * connection is cut by the server under a request the proxy is writing (a POST it would not
 * resend). The server exits once its last connection has ended.
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

/**
 * Stops listening at once (a proxy's next connection is refused, and it asks another server,
 * a POST included: nothing was sent) and waits until every open connection has ended: each
 * answers its requests as usual, with `Connection: close` while draining, so the proxy drops
 * the connections it uses and closes its idle ones at its own keep-alive time-out. Those still
 * idle after `idleGraceMs` are closed then (and again every 250 ms), the requests in flight
 * answered first. Call `app.close()` afterwards, with nothing left in flight (its 503 for
 * requests reaching a closing app then meets none).
 */
export function stopListening(app: FastifyInstance, idleGraceMs: number): Promise<void> {
  return new Promise((done) => {
    let sweep: NodeJS.Timeout | undefined;
    const grace = setTimeout(() => {
      app.server.closeIdleConnections();
      sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    }, idleGraceMs);
    // net.Server's close, not http.Server's, which would close the idle connections at once:
    // one the proxy is writing a request to at that moment would lose it (a POST for good).
    Server.prototype.close.call(app.server, () => {
      clearTimeout(grace);
      clearInterval(sweep);
      done();
    });
  });
}
