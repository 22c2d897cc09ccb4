/**
 * What follows every content command that changed the database: the one place to tell running
 * app servers that content changed, so they drop their cached pages and §7 answers at once.
 */
import type { Config } from "../../config/env.ts";
import { publishContentChange } from "../content-changes.ts";

/** A command is short-lived: it connects for its one announcement and disconnects. */
async function publishThroughOwnClient(redisUrl: string | undefined): Promise<void> {
  if (!redisUrl) return publishContentChange(undefined);
  const { Redis } = await import("ioredis");
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  // A failure surfaces as connect()'s or publish()'s rejection; the event would be logged twice.
  redis.on("error", () => {});
  try {
    await redis.connect();
    await publishContentChange(redis);
  } finally {
    redis.disconnect();
  }
}

/**
 * Called once after a command saved a change (never after a dry run or a command that changed
 * nothing). With REDIS_URL every subscribed server hears of it at once; without Redis, servers
 * show the change when their caches expire (docs/decisions/010). The change is committed
 * either way, so a failure to announce it is a warning, not a failed command.
 */
export async function announceContentChange(
  config: Config,
  warn: (text: string) => void = (text) => process.stderr.write(text),
): Promise<void> {
  try {
    await publishThroughOwnClient(config.REDIS_URL);
  } catch (error) {
    warn(
      `warning: the change is saved, but running servers could not be told through Redis ` +
        `(${(error as Error).message}); they show it when their caches expire.\n`,
    );
  }
}
