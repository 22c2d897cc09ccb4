/**
 * Work split into short tasks. On a slow phone a page's behaviours together are one long task
 * (some 300 ms at Lighthouse's fourfold slow-down) in which a tap waits and which counts as
 * blocking time; given back to the browser every taskBudgetMs, they are not.
 */

/** How long one task may run steps before the page gets the main thread back. */
export const taskBudgetMs = 25;

/** A new task: `scheduler.yield()` where the browser has it (it keeps this task's priority). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs each step in turn, in order, giving the main thread back (`yieldTask`) whenever a task
 * has run its budget; resolves once every step has run.
 */
export async function runInShortTasks(
  steps: Iterable<() => unknown>,
  { now = () => performance.now(), yieldTask = nextTask, budgetMs = taskBudgetMs } = {},
): Promise<void> {
  let taskStart = now();
  for (const step of steps) {
    if (now() - taskStart > budgetMs) {
      await yieldTask();
      taskStart = now();
    }
    step();
  }
}
