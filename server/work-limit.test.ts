import { describe, expect, it, vi } from "vitest";
import { createWorkLimit, holdSlotUntil, OverloadedError } from "./work-limit.ts";

/** A task that runs until `finish()` is called. */
function heldTask() {
  let finish = () => {};
  let started = false;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      started = true;
      await done;
      return "done";
    },
    finish: () => finish(),
    started: () => started,
  };
}

describe("a work limit's share per client", () => {
  it("refuses a client's task at once past its share, while other clients' tasks run", async () => {
    const limit = createWorkLimit({
      concurrency: 4,
      queueLength: 64,
      maxWaitMs: 60_000,
      perClient: 2,
    });
    const [first, second, third] = [heldTask(), heldTask(), heldTask()];
    const running = [limit.run(first.task, "10.0.0.1"), limit.run(second.task, "10.0.0.1")];
    await expect(limit.run(third.task, "10.0.0.1")).rejects.toBeInstanceOf(OverloadedError);
    expect(third.started()).toBe(false);
    // Slots are free: another client, and work charged to nobody, still run.
    const other = heldTask();
    const others = limit.run(other.task, "10.0.0.2");
    const anonymous = limit.run(async () => "anonymous");
    await expect(anonymous).resolves.toBe("anonymous");
    expect(other.started()).toBe(true);
    expect(limit.stats()).toEqual({ running: 3, waiting: 0 });
    // A finished task gives its client the share back.
    first.finish();
    await running[0];
    const again = heldTask();
    const later = limit.run(again.task, "10.0.0.1");
    second.finish();
    again.finish();
    other.finish();
    await expect(Promise.all([running[1], later, others])).resolves.toEqual([
      "done",
      "done",
      "done",
    ]);
  });

  it("counts a waiting task in the share, and frees it when the task is refused for waiting", async () => {
    const limit = createWorkLimit({ concurrency: 1, queueLength: 8, maxWaitMs: 30, perClient: 2 });
    const holder = heldTask();
    const held = limit.run(holder.task, "10.0.0.9");
    const waiting = limit.run(async () => "late", "10.0.0.1");
    const second = heldTask();
    const secondWaiting = limit.run(second.task, "10.0.0.1");
    await expect(limit.run(async () => "third", "10.0.0.1")).rejects.toThrow(
      /this client has 2 tasks under way/,
    );
    await expect(waiting).rejects.toBeInstanceOf(OverloadedError);
    await expect(secondWaiting).rejects.toBeInstanceOf(OverloadedError);
    holder.finish();
    await held;
    await expect(limit.run(async () => "after", "10.0.0.1")).resolves.toBe("after");
  });

  it("has no share without perClient", async () => {
    const limit = createWorkLimit({ concurrency: 8, queueLength: 0, maxWaitMs: 60_000 });
    const tasks = Array.from({ length: 8 }, () => heldTask());
    const runs = tasks.map((held) => limit.run(held.task, "10.0.0.1"));
    await vi.waitFor(() => expect(tasks.every((held) => held.started())).toBe(true));
    for (const held of tasks) held.finish();
    await expect(Promise.all(runs)).resolves.toHaveLength(8);
  });
});

describe("a work limit's queue", () => {
  it("lets the event loop take a turn between one task and the next it starts", async () => {
    const limit = createWorkLimit({ concurrency: 1, queueLength: 8, maxWaitMs: 60_000 });
    // What a request read from a socket meanwhile stands for: work queued on the event loop.
    let otherWorkRan = false;
    const first = limit.run(async () => {
      setImmediate(() => {
        otherWorkRan = true;
      });
      return "first";
    });
    const second = limit.run(async () => otherWorkRan);
    await expect(first).resolves.toBe("first");
    await expect(second).resolves.toBe(true);
  });
});

describe("holding a slot until the work says it is done", () => {
  it("admits the next holder only once the one before releases, and refuses past the queue", async () => {
    const limit = createWorkLimit({ concurrency: 1, queueLength: 1, maxWaitMs: 60_000 });
    const releases: (() => void)[] = [];
    const keep = (release: () => void) => void releases.push(release);
    await holdSlotUntil(limit, keep);
    let secondIn = false;
    const second = holdSlotUntil(limit, keep).then(() => {
      secondIn = true;
    });
    await expect(holdSlotUntil(limit, keep)).rejects.toBeInstanceOf(OverloadedError);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(secondIn).toBe(false);
    expect(limit.stats()).toEqual({ running: 1, waiting: 1 });
    releases[0]!();
    await second;
    expect(limit.stats()).toEqual({ running: 1, waiting: 0 });
    releases[1]!();
    await vi.waitFor(() => expect(limit.stats()).toEqual({ running: 0, waiting: 0 }));
  });

  it("counts the hold in its client's share", async () => {
    const limit = createWorkLimit({
      concurrency: 4,
      queueLength: 4,
      maxWaitMs: 60_000,
      perClient: 1,
    });
    await holdSlotUntil(limit, () => {}, "10.0.0.1");
    await expect(holdSlotUntil(limit, () => {}, "10.0.0.1")).rejects.toBeInstanceOf(
      OverloadedError,
    );
    await expect(holdSlotUntil(limit, () => {}, "10.0.0.2")).resolves.toBeUndefined();
  });
});
