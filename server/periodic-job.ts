/**
 * A job every app server runs beside the request path (the enquiry retention purge, the alert
 * digests, the photo files' sweep): once at start, then `intervalMs` after each run ends. A run
 * asked for while one is in flight shares it; a failed run is the job's `failed` answer (which
 * logs it) and the job tries again next time. The timer never keeps the process alive.
 */
export interface PeriodicJob<Result> {
  /** Runs now (at `at`, the clock's now by default), or shares the run in flight. */
  runOnce(at?: Date): Promise<Result>;
  /** Runs once at once, then every interval. */
  start(): void;
  /** Stops and waits for a run in flight. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions<Result> {
  run: (at: Date) => Promise<Result>;
  /** What a failed run answers; it logs the error. */
  failed: (error: unknown) => Result;
  intervalMs: number;
  now?: () => Date;
}

export function createPeriodicJob<Result>(
  options: PeriodicJobOptions<Result>,
): PeriodicJob<Result> {
  const { run, failed, intervalMs, now = () => new Date() } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<Result> | undefined;
  let stopped = true;

  function runOnce(at?: Date): Promise<Result> {
    running ??= (async () => {
      try {
        return await run(at ?? now());
      } catch (error) {
        return failed(error);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, intervalMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      void runOnce();
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
