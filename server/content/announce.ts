/**
 * What follows every content command that changed the database: the one place to tell running
 * app servers that content changed.
 */
import type { Config } from "../../config/env.ts";

/**
 * Called once after a command saved a change (never after a dry run or a command that changed
 * nothing). The API reads the database on every request, so today there is nothing to tell:
 * anything that keeps content for a while (a page cache) is told here.
 */
export async function announceContentChange(_config: Config): Promise<void> {}
