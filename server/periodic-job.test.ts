/**
 * The periodic job of the retention purge, the alert digests and the photo sweep: once at
 * start, then an interval after each run; a run asked for meanwhile shares the one in flight;
 * a failure is the job's answer and the next run still comes; stop waits for the run in flight.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPeriodicJob } from "./periodic-job.ts";

describe("a periodic job", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs at start, then every interval after the last run, until stopped", async () => {
    const runs: Date[] = [];
    const job = createPeriodicJob({
      intervalMs: 1000,
      now: () => new Date(Date.now()),
      async run(at) {
        runs.push(at);
        return runs.length;
      },
      failed: () => 0,
    });
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2500);
    expect(runs).toHaveLength(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(3);
    // runOnce still works when stopped, at the time asked for.
    const at = new Date("2099-01-01T00:00:00.000Z");
    expect(await job.runOnce(at)).toBe(4);
    expect(runs.at(-1)).toEqual(at);
  });

  it("shares a run in flight, answers `failed` for a failed run and tries again next time", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const errors: unknown[] = [];
    const job = createPeriodicJob({
      intervalMs: 1000,
      async run() {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        if (calls === 2) throw new Error("database away");
        return "done";
      },
      failed(error) {
        errors.push(error);
        return "failed";
      },
    });
    const first = job.runOnce();
    const second = job.runOnce();
    release();
    expect(await first).toBe("done");
    expect(await second).toBe("done");
    expect(calls).toBe(1);
    expect(await job.runOnce()).toBe("failed");
    expect(errors).toEqual([new Error("database away")]);
    expect(await job.runOnce()).toBe("done");
  });

  it("stops only once the run in flight has ended", async () => {
    let release: () => void = () => {};
    let ended = false;
    const job = createPeriodicJob({
      intervalMs: 1000,
      async run() {
        await new Promise<void>((resolve) => (release = resolve));
        ended = true;
      },
      failed: () => undefined,
    });
    job.start();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ended).toBe(true);
  });
});
