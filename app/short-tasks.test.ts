import { describe, expect, it } from "vitest";
import { runInShortTasks } from "./short-tasks.ts";

describe("runInShortTasks", () => {
  /** A clock that each step moves on by its cost, and a log of steps and yields. */
  function setUp(costs: number[]) {
    let clock = 0;
    const log: string[] = [];
    const steps = costs.map((cost, index) => () => {
      log.push(`step ${index}`);
      clock += cost;
    });
    const options = {
      now: () => clock,
      yieldTask: async () => {
        log.push("yield");
      },
      budgetMs: 25,
    };
    return { steps, options, log };
  }

  it("runs cheap steps in one task", async () => {
    const { steps, options, log } = setUp([5, 5, 5]);
    await runInShortTasks(steps, options);
    expect(log).toEqual(["step 0", "step 1", "step 2"]);
  });

  it("gives the main thread back once a task has run past its budget, and runs every step", async () => {
    const { steps, options, log } = setUp([20, 10, 30, 5, 1]);
    await runInShortTasks(steps, options);
    expect(log).toEqual(["step 0", "step 1", "yield", "step 2", "yield", "step 3", "step 4"]);
  });
});
