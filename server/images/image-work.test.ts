/**
 * The server's image work runs one image at a time (decision 065): however many uploads
 * arrive together, the next image's task starts only when the one before it has ended, failed
 * or not.
 */
import { describe, expect, it } from "vitest";
import { imageWorkStats, runImageWork } from "./image-work.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("the image work queue", () => {
  it("lets one image through at a time, in the order asked, past a failure", async () => {
    const started: string[] = [];
    const gates = { a: deferred(), b: deferred(), c: deferred() };
    const run = (name: keyof typeof gates) =>
      runImageWork(async () => {
        started.push(name);
        await gates[name].promise;
        return name;
      });
    const answers = [run("a"), run("b").catch((error: Error) => error.message), run("c")];
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(started).toEqual(["a"]);
    expect(imageWorkStats()).toEqual({ running: 1, waiting: 2 });
    gates.a.resolve();
    await answers[0];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(["a", "b"]);
    gates.b.reject(new Error("damaged"));
    expect(await answers[1]).toBe("damaged");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(["a", "b", "c"]);
    gates.c.resolve();
    expect(await Promise.all(answers)).toEqual(["a", "damaged", "c"]);
    expect(imageWorkStats()).toEqual({ running: 0, waiting: 0 });
  });
});
