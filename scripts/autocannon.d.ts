/**
 * The small part of autocannon 9's programmatic API that scripts/bench.ts uses; the package ships
 * no types and @types/autocannon is not installed. Delete this file if the types are added.
 */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds to wait for one response. */
    timeout?: number;
    headers?: Record<string, string>;
    maxOverallRequests?: number;
    /** Requests in turn per connection; `setupRequest` may change each one (its path, say). */
    requests?: {
      setupRequest?: (request: { path: string; [key: string]: unknown }) => {
        path: string;
        [key: string]: unknown;
      };
    }[];
  }

  export interface Histogram {
    average: number;
    min: number;
    max: number;
    p50: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    url: string;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter, PromiseLike<Result> {
    stop(): void;
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        bytes: number,
        responseTimeMs: number,
      ) => void,
    ): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  function autocannon(options: Options): Instance;
  export default autocannon;
}
