import { describe, expect, it } from "vitest";
import { OverloadedError } from "../work-limit.ts";
import {
  createHashingPool,
  decoyPasswordHash,
  defaultScryptCost,
  hashPassword,
  verifyPassword,
} from "./passwords.ts";

const cheap = { logN: 10, r: 8, p: 1 };

describe("staff password hashing", () => {
  it("verifies the password a hash was made from, at the default (memory-hard) cost", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash.startsWith(`scrypt$${defaultScryptCost.logN}$8$3$`)).toBe(true);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  });

  it("salts every hash, so one password hashes differently each time", async () => {
    const first = await hashPassword("the same password", cheap);
    const second = await hashPassword("the same password", cheap);
    expect(first).not.toBe(second);
    expect(await verifyPassword("the same password", second)).toBe(true);
  });

  it("keeps the cost in the hash, so hashes of an older cost still verify", async () => {
    const hash = await hashPassword("an older password", cheap);
    expect(hash.split("$").slice(1, 4)).toEqual(["10", "8", "1"]);
    expect(await verifyPassword("an older password", hash)).toBe(true);
  });

  it("treats a composed and a decomposed accent as the same password", async () => {
    const hash = await hashPassword("caf\u00e9 au lait 2026", cheap);
    expect(await verifyPassword("cafe\u0301 au lait 2026", hash)).toBe(true);
  });

  it("refuses malformed hashes and absurd costs instead of throwing", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "plain-text-password")).toBe(false);
    expect(await verifyPassword("x", "scrypt$30$8$1$c2FsdA$aGFzaA")).toBe(false);
  });

  it("has a decoy hash that no guess matches", async () => {
    const decoy = await decoyPasswordHash(cheap);
    expect(await verifyPassword("", decoy)).toBe(false);
    expect(await decoyPasswordHash(cheap)).toBe(decoy);
  });
});

describe("the password hashing pool", () => {
  it("runs at most its concurrency at once, queues a few, and refuses the rest at once", async () => {
    const pool = createHashingPool({ concurrency: 2, queueLength: 3, maxWaitMs: 60_000 });
    let running = 0;
    let mostAtOnce = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      new Promise<void>((release) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        releases.push(() => {
          running -= 1;
          release();
        });
      });
    const settled: string[] = [];
    const outcomes = Array.from({ length: 8 }, (_, index) =>
      pool.run(task).then(
        () => "ran",
        (error: unknown) => {
          settled.push(`${index}`);
          return error instanceof OverloadedError ? "refused" : "failed";
        },
      ),
    );
    // The refusals come at once, while no task has ended.
    await new Promise((turn) => setImmediate(turn));
    expect(settled).toEqual(["5", "6", "7"]);
    expect(running).toBe(2);
    while (releases.length > 0 || pool.stats().running + pool.stats().waiting > 0) {
      releases.shift()?.();
      await new Promise((turn) => setImmediate(turn));
    }
    expect(await Promise.all(outcomes)).toEqual([
      ...Array(5).fill("ran"),
      ...Array(3).fill("refused"),
    ]);
    expect(mostAtOnce).toBe(2);
    expect(pool.computed()).toBe(5);
  });
});
