import { describe, expect, it } from "vitest";
import { randomPoolSize, randomText } from "./random-pool.server.ts";

describe("randomText", () => {
  it("answers the asked number of bytes in the asked encoding", () => {
    expect(randomText(16, "hex")).toMatch(/^[0-9a-f]{32}$/);
    expect(randomText(16, "base64url")).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("never hands out the same bytes twice, across several refills of the pool", () => {
    const draws = Math.ceil((3 * randomPoolSize) / 16) + 7;
    const seen = new Set<string>();
    for (let index = 0; index < draws; index++) seen.add(randomText(16, "hex"));
    expect(seen.size).toBe(draws);
  });

  it("gives every byte value about as often as the others", () => {
    const counts = new Array<number>(256).fill(0);
    for (let index = 0; index < 2 * randomPoolSize; index++) {
      counts[Buffer.from(randomText(1, "hex"), "hex")[0] ?? 0]! += 1;
    }
    // 64 expected per value; a stuck or skewed pool falls far outside these bounds.
    expect(Math.min(...counts)).toBeGreaterThan(20);
    expect(Math.max(...counts)).toBeLessThan(120);
  });

  it("refuses a draw larger than the pool", () => {
    expect(() => randomText(randomPoolSize + 1, "hex")).toThrow(RangeError);
  });
});
