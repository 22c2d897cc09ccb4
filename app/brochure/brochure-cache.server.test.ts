import { describe, expect, it } from "vitest";
import { BrochureBusyError, brochureVersion, findOrMakeBrochure } from "./brochure-cache.server.ts";

describe("the brochure cache", () => {
  it("versions a brochure by its inputs", () => {
    expect(brochureVersion({ headline: "A" })).toBe(brochureVersion({ headline: "A" }));
    expect(brochureVersion({ headline: "A" })).not.toBe(brochureVersion({ headline: "B" }));
  });

  it("makes one version once, shared by concurrent requests, and keeps it", async () => {
    let made = 0;
    const make = async () => {
      made++;
      return Buffer.from("%PDF-1.3 one");
    };
    const [first, second] = await Promise.all([
      findOrMakeBrochure("one", make),
      findOrMakeBrochure("one", make),
    ]);
    expect(first).toBe(second);
    await findOrMakeBrochure("one", make);
    expect(made).toBe(1);
  });

  it("makes one brochure at a time and refuses new versions past a few waiting", async () => {
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const make = async () => {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return Buffer.from("%PDF-1.3");
    };
    const asked = Array.from({ length: 12 }, (_, index) =>
      findOrMakeBrochure(`busy-${index}`, make).then(
        () => "made",
        (error: unknown) => (error instanceof BrochureBusyError ? "refused" : "failed"),
      ),
    );
    release();
    const outcomes = await Promise.all(asked);
    expect(most).toBe(1);
    // One making, eight waiting; the other three refused at once.
    expect(outcomes.filter((outcome) => outcome === "made")).toHaveLength(9);
    expect(outcomes.filter((outcome) => outcome === "refused")).toHaveLength(3);
  });
});
