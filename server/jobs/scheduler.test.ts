/**
 * The one scheduler of the background jobs: each job runs at start, then an interval after
 * its last run; a run asked for meanwhile shares the one in flight, a wake asks for one more
 * after it; a failure is logged, counted and answered with the job's `failed` value, and the
 * next run still comes; stop waits for the runs in flight; every run's end is reported.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createScheduler, type JobRun } from "./scheduler.ts";

function quietLog() {
  const errors: Array<{ object: object; message: string }> = [];
  const infos: Array<{ object: object; message: string }> = [];
  const debugs: Array<{ object: object; message: string }> = [];
  return {
    errors,
    infos,
    debugs,
    log: {
      error: (object: object, message: string) => errors.push({ object, message }),
      info: (object: object, message: string) => infos.push({ object, message }),
      debug: (object: object, message: string) => debugs.push({ object, message }),
    },
  };
}

/** A job's result counts as what it did when it is a number. */
const job = {
  does: "a test",
  lock: "none",
  failed: 0,
  items: (result: unknown) => (typeof result === "number" ? result : 0),
};

describe("the job scheduler", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs each job at start, then every interval after its last run, until stopped", async () => {
    const runs: Date[] = [];
    const slow: Date[] = [];
    const scheduler = createScheduler({ log: quietLog().log, now: () => new Date(Date.now()) });
    const counted = scheduler.add({
      ...job,
      name: "counted",
      everyMs: 1000,
      async run(at) {
        runs.push(at);
        return runs.length;
      },
    });
    scheduler.add({
      ...job,
      name: "slow",
      everyMs: 10_000,
      async run(at) {
        slow.push(at);
        return 0;
      },
    });
    scheduler.start();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    expect(slow).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(runs).toHaveLength(3);
    expect(slow).toHaveLength(1);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(runs).toHaveLength(3);
    expect(slow).toHaveLength(1);
    // runOnce still works when stopped, at the time asked for.
    const at = new Date("2099-01-01T00:00:00.000Z");
    expect(await counted.runOnce(at)).toBe(4);
    expect(runs.at(-1)).toEqual(at);
  });

  it("refuses two jobs of one name", () => {
    const scheduler = createScheduler({ log: quietLog().log });
    const twin = { ...job, name: "twin", everyMs: 1000, run: async () => 0 };
    scheduler.add(twin);
    expect(() => scheduler.add(twin)).toThrow(/twin/);
  });

  it("shares a run in flight, logs and answers `failed` for a failed run, and tries again next time", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const { errors, log } = quietLog();
    const scheduler = createScheduler({ log });
    const flaky = scheduler.add({
      ...job,
      name: "flaky",
      everyMs: 1000,
      failed: "failed",
      async run() {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        if (calls === 2) throw new Error("database away");
        return "done";
      },
    });
    const first = flaky.runOnce();
    const second = flaky.runOnce();
    release();
    expect(await first).toBe("done");
    expect(await second).toBe("done");
    expect(calls).toBe(1);
    expect(await flaky.runOnce()).toBe("failed");
    expect(errors).toEqual([
      {
        object: { err: new Error("database away"), job: "flaky" },
        message: "job flaky failed; will try again",
      },
    ]);
    expect(await flaky.runOnce()).toBe("done");
  });

  it("runs once more after the run in flight when woken, and not at all when stopped", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const scheduler = createScheduler({ log: quietLog().log });
    const woken = scheduler.add({
      ...job,
      name: "woken",
      everyMs: 60_000,
      async run() {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return calls;
      },
    });
    woken.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(0);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    // Two wakes during the run: one more run after it, not two.
    woken.wake();
    woken.wake();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    woken.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(3);
    await scheduler.stop();
  });

  it("counts every job's runs and failures, keeps its last run and tells the listeners", async () => {
    let fail = false;
    const told: JobRun[] = [];
    const scheduler = createScheduler({ log: quietLog().log });
    scheduler.onRun((run) => told.push(run));
    const sometimes = scheduler.add({
      ...job,
      name: "sometimes",
      everyMs: 1000,
      async run() {
        await new Promise((resolve) => setTimeout(resolve, 40));
        if (fail) throw new Error("no");
        return 1;
      },
    });
    expect(scheduler.status()).toEqual([
      {
        name: "sometimes",
        does: "a test",
        everyMs: 1000,
        lock: "none",
        runs: 0,
        failures: 0,
        lastRun: undefined,
      },
    ]);
    const running = sometimes.runOnce();
    await vi.advanceTimersByTimeAsync(40);
    await running;
    fail = true;
    const failing = sometimes.runOnce();
    await vi.advanceTimersByTimeAsync(40);
    await failing;
    const [status] = scheduler.status();
    expect(status).toMatchObject({ runs: 2, failures: 1 });
    expect(status!.lastRun).toMatchObject({ job: "sometimes", ok: false });
    expect(status!.lastRun!.durationMs).toBeGreaterThanOrEqual(40);
    expect(told.map((run) => run.ok)).toEqual([true, false]);
    expect(told.map((run) => run.items)).toEqual([1, 0]);
    expect(told[1]).toBe(status!.lastRun);
  });

  it("logs a run that did something at info, an idle run at debug, with what it did and how long it took", async () => {
    const { infos, debugs, log } = quietLog();
    const scheduler = createScheduler({ log });
    let sent = 3;
    const outbox = scheduler.add({
      ...job,
      name: "mailer",
      everyMs: 1000,
      async run() {
        return sent;
      },
    });
    await outbox.runOnce();
    sent = 0;
    await outbox.runOnce();
    expect(infos).toEqual([
      {
        object: { job: "mailer", items: 3, durationMs: expect.any(Number) },
        message: "job mailer ran",
      },
    ]);
    expect(debugs).toEqual([
      {
        object: { job: "mailer", items: 0, durationMs: expect.any(Number) },
        message: "job mailer ran",
      },
    ]);
  });

  it("stops only once the runs in flight have ended", async () => {
    let release: () => void = () => {};
    let ended = false;
    const scheduler = createScheduler({ log: quietLog().log });
    scheduler.add({
      ...job,
      name: "long",
      everyMs: 1000,
      async run() {
        await new Promise<void>((resolve) => (release = resolve));
        ended = true;
        return 0;
      },
    });
    scheduler.start();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ended).toBe(true);
  });
});
