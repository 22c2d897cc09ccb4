/**
 * Bounded work (decision 028): at most `concurrency` tasks of one kind run at once (server
 * renders, compressions for the page cache); at most `queueLength` more wait, each at most
 * `maxWaitMs`. Beyond that a task is refused at once with OverloadedError, which the site
 * answers with a fast 503 and `Retry-After`, so a burst of requests costs a little memory per
 * refused request instead of a render each.
 *
 * A client's share (decision 030): with `perClient`, one client (the request's IP) has at most
 * that many tasks running or waiting at once; one more is refused at once. Renders share one
 * event loop, so a client that keeps every slot busy would otherwise make every other request,
 * cached pages included, wait behind its renders. Requests from this machine's loopback
 * address have no share (see {@link shareClientOf}).
 */
import { finished } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";
import PQueue from "p-queue";

/** Seconds a refused visitor is asked to wait before trying again. */
export const retryAfterSeconds = 5;

/** A task refused: the queue was full, or the task waited longer than allowed. */
export class OverloadedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OverloadedError";
  }
}

export interface WorkLimitOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting at most; one more is refused at once. */
  queueLength: number;
  /** Milliseconds a task may wait for its turn before it is refused. */
  maxWaitMs: number;
  /** Tasks one client may have running or waiting at once; 0 or absent: no share. */
  perClient?: number;
}

export interface WorkLimit {
  /**
   * Runs `task` in its turn and answers its result; rejects with OverloadedError, without
   * running it, when the queue is full, `client` has its share under way already, or the turn
   * does not come within `maxWaitMs`.
   */
  run<T>(task: () => Promise<T>, client?: string): Promise<T>;
  /** Tasks running and waiting now. */
  stats(): { running: number; waiting: number };
}

export function createWorkLimit(options: WorkLimitOptions): WorkLimit {
  const { concurrency, queueLength, maxWaitMs, perClient = 0 } = options;
  const queue = new PQueue({ concurrency });
  /** Tasks running or waiting, by client: only clients with one or more. */
  const underWay = new Map<string, number>();
  return {
    run(task, client) {
      const share = perClient > 0 && client !== undefined ? (underWay.get(client) ?? 0) : 0;
      if (perClient > 0 && share >= perClient) {
        return Promise.reject(
          new OverloadedError(`this client has ${share} tasks under way already`),
        );
      }
      if (queue.pending >= concurrency && queue.size >= queueLength) {
        return Promise.reject(new OverloadedError(`${queue.size} tasks are waiting already`));
      }
      // Only the wait is bounded: a task that has started runs to its end (a time-out while it
      // ran would free its slot while the work went on).
      const wait = new AbortController();
      const timer = setTimeout(
        () => wait.abort(new OverloadedError(`no turn within ${maxWaitMs} ms`)),
        maxWaitMs,
      );
      const added = queue.add(
        async () => {
          clearTimeout(timer);
          // A waiting task is started by the one before it as that one ends, in the same run
          // of microtasks, and a render runs mostly in microtasks too (React's first pass, the
          // in-process API): without this turn of the event loop, a queue of renders could run
          // back to back while requests for cached pages wait unread (decision 030).
          await nextTurn();
          return task();
        },
        { signal: wait.signal },
      );
      if (perClient === 0 || client === undefined) return added;
      underWay.set(client, share + 1);
      return added.finally(() => {
        const left = (underWay.get(client) ?? 1) - 1;
        if (left > 0) underWay.set(client, left);
        else underWay.delete(client);
      });
    },
    stats: () => ({ running: queue.pending, waiting: queue.size }),
  };
}

/**
 * The client whose share a request's work counts against: its IP (the visitor's, through the
 * trusted proxies), or none for the loopback address. Loopback is this machine: a proxy in
 * front that is not named in TRUSTED_PROXIES, a health check, the operator's own tests. It
 * stands for many visitors, not one, and one share of two renders would refuse most of them.
 */
export function shareClientOf(request: FastifyRequest): string | undefined {
  const ip = request.ip;
  return ip === "::1" || /^(?:::ffff:)?127\./i.test(ip) ? undefined : ip;
}

/** Makes `reply` the answer to a refused request (503, `Retry-After`, not kept); its body. */
export function overloadedAnswer(reply: FastifyReply): string {
  reply
    .code(503)
    .header("retry-after", String(retryAfterSeconds))
    .header("cache-control", "no-store")
    .type("text/plain; charset=utf-8");
  return "The site is busy. Please try again in a few seconds.\n";
}

/** Answers a refused request: see overloadedAnswer. */
export function answerOverloaded(reply: FastifyReply): FastifyReply {
  return reply.send(overloadedAnswer(reply));
}

/**
 * A route hook that holds one of `limit`'s slots from here until the response is finished or
 * its connection closes (the site's own renders: actions, data requests, pages the cache does
 * not answer), or answers 503 when no slot comes; within the share of the request's client.
 */
export function holdSlotUntilAnswered(limit: WorkLimit) {
  return async function holdSlot(request: FastifyRequest, reply: FastifyReply) {
    try {
      await holdSlotUntil(
        limit,
        (release) => finished(reply.raw, () => release()),
        shareClientOf(request),
      );
    } catch (error) {
      if (!(error instanceof OverloadedError)) throw error;
      request.log.warn({ reason: error.message }, "site busy: answered 503");
      return answerOverloaded(reply);
    }
  };
}

/**
 * Waits for one of `limit`'s slots (within `client`'s share) and holds it until the release
 * `whenDone` is handed is called, such as once the request's answer is sent. Rejects with
 * OverloadedError when no slot comes.
 */
export function holdSlotUntil(
  limit: WorkLimit,
  whenDone: (release: () => void) => void,
  client?: string,
): Promise<void> {
  return new Promise<void>((admitted, refused) => {
    limit
      .run(
        () =>
          new Promise<void>((released) => {
            admitted();
            whenDone(released);
          }),
        client,
      )
      .catch(refused);
  });
}
