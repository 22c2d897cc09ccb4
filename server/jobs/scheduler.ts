/**
 * The one runner of the background jobs (decision 081): every job of server/jobs/registry.ts is
 * added here and runs beside the request path on every app server: once at start, then
 * `everyMs` after each run ends. A run asked for while one is in flight shares it; `wake` asks
 * for one more after it (the outbox, woken by a new enquiry). A run that throws is logged and
 * counted as failed, answers the job's `failed` value, and the job tries again next time. The
 * timers never keep the process alive; `stop` waits for the runs in flight. Each run's end is
 * logged (at info when it did something, at debug when idle) and told to the `onRun` listeners
 * (the per-job metrics of /metrics).
 */

/** One background job: what it does, how often, and how several app servers stay right. */
export interface JobDefinition<Result> {
  /** Its name in logs and in /metrics' `job` label. */
  name: string;
  /** What a run does, in a line. */
  does: string;
  /** The wait after a run ends before the next one. */
  everyMs: number;
  /**
   * What keeps several app servers running it at once right (every server runs every job):
   * row claims, a conditional update, a database lock, or runs that are safe to repeat.
   */
  lock: string;
  run(at: Date): Promise<Result>;
  /** What a failed run answers (the error is logged by the scheduler). */
  failed: Result;
  /** How many things a run did (mails sent, rows deleted…), for its log line and /metrics. */
  items(result: Result): number;
}

export interface Job<Result> {
  readonly name: string;
  /** Runs now (at `at`, the clock's now by default), or shares the run in flight. */
  runOnce(at?: Date): Promise<Result>;
  /** Runs soon, and once more after a run in flight; only while the scheduler runs. */
  wake(): void;
}

/** How a run ended. */
export interface JobRun {
  job: string;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
  /** What the job's `items` counted of its result (0 for a failed run). */
  items: number;
}

export interface JobStatus {
  name: string;
  does: string;
  everyMs: number;
  lock: string;
  runs: number;
  failures: number;
  /** Undefined before the first run. */
  lastRun: JobRun | undefined;
}

export interface Scheduler {
  add<Result>(definition: JobDefinition<Result>): Job<Result>;
  /** Starts every job: a run at once, then one every interval. */
  start(): void;
  /** Stops every job and waits for the runs in flight. */
  stop(): Promise<void>;
  /** Every job's counts and last run, in the order they were added. */
  status(): JobStatus[];
  /** Tells `listener` of each run's end, whoever asked for the run. */
  onRun(listener: (run: JobRun) => void): void;
}

interface Log {
  info(object: object, message: string): void;
  debug?(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface SchedulerOptions {
  log: Log;
  now?: () => Date;
}

interface Entry {
  status: JobStatus;
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { log, now = () => new Date() } = options;
  const entries: Entry[] = [];
  const listeners: Array<(run: JobRun) => void> = [];
  let started = false;

  function add<Result>(definition: JobDefinition<Result>): Job<Result> {
    if (entries.some((entry) => entry.status.name === definition.name)) {
      throw new Error(`a job named "${definition.name}" is already added`);
    }
    const { name, everyMs } = definition;
    const status: JobStatus = {
      name,
      does: definition.does,
      everyMs,
      lock: definition.lock,
      runs: 0,
      failures: 0,
      lastRun: undefined,
    };
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<Result> | undefined;
    let again = false;
    let stopped = true;

    async function measured(at: Date): Promise<Result> {
      const startedAt = new Date();
      const began = performance.now();
      let result: Result;
      let ok = true;
      try {
        result = await definition.run(at);
      } catch (error) {
        ok = false;
        log.error({ err: error, job: name }, `job ${name} failed; will try again`);
        result = definition.failed;
      }
      const items = ok ? definition.items(result) : 0;
      const durationMs = performance.now() - began;
      const run: JobRun = { job: name, startedAt, durationMs, ok, items };
      // A run that did something says so; an idle one (most outbox runs) only at debug level.
      if (ok) {
        const line = { job: name, items, durationMs: Math.round(durationMs) };
        if (items > 0) log.info(line, `job ${name} ran`);
        else log.debug?.(line, `job ${name} ran`);
      }
      status.runs += 1;
      if (!ok) status.failures += 1;
      status.lastRun = run;
      for (const listener of listeners) listener(run);
      return result;
    }

    function runOnce(at?: Date): Promise<Result> {
      running ??= (async () => {
        try {
          let result: Result;
          do {
            again = false;
            result = await measured(at ?? now());
          } while (again && !stopped);
          return result;
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
      }, everyMs);
      timer.unref();
    }

    entries.push({
      status,
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
    });
    return {
      name,
      runOnce,
      wake() {
        if (stopped) return;
        if (running) again = true;
        else void runOnce();
      },
    };
  }

  return {
    add,
    start() {
      if (started) return;
      started = true;
      for (const entry of entries) entry.start();
    },
    async stop() {
      started = false;
      await Promise.all(entries.map((entry) => entry.stop()));
    },
    status: () => entries.map((entry) => ({ ...entry.status })),
    onRun(listener) {
      listeners.push(listener);
    },
  };
}
