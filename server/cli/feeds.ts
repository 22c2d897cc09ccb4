/**
 * The portal feeds from a shell (decision 094):
 *   npm run feeds -- token add NAME      a RESO Web API consumer; prints its token once
 *   npm run feeds -- token list          every consumer, when made and last used
 *   npm run feeds -- token revoke NAME   the consumer's token stops working
 *   npm run feeds -- blm --output DIR    the Rightmove BLM zip (./feeds-blm.ts, decision 097)
 * Reads DATABASE_URL (default: the SQLite demo database) and SITE_URL (the feed's address).
 * Each feed is a subcommand of its own: the dispatcher below only picks it.
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadConfig, loadDotEnv } from "../../config/env.ts";
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { cliActor } from "../../lib/admin-audit.ts";
import { escapeTerminalControls } from "../../lib/text.ts";
import { createFeedConsumers } from "../feeds/consumers.ts";
import { blmUsage, runBlmCommand } from "./feeds-blm.ts";

export const usage = `Usage: npm run feeds -- <feed command>

  token add <name>      make a RESO Web API consumer and print its token (shown this once)
  token list            every consumer: made, last used, revoked
  token revoke <name>   revoke a consumer's token for good
${blmUsage}

Reads DATABASE_URL, SITE_URL and BLM_*. Exit codes: 0 done, 1 failed, 2 wrong arguments.`;

export interface FeedsCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * The environment each command reads its settings from: DATABASE_URL, SITE_URL (the RESO
   * feed is at SITE_URL/odata/), the Rightmove feed's BLM_*.
   */
  env: NodeJS.ProcessEnv;
  now?: () => Date;
}

/** Wrong arguments: exit code 2 with the usage. */
class UsageError extends Error {
  override name = "UsageError";
}

type TokenCommand =
  | { kind: "add"; name: string }
  | { kind: "list" }
  | { kind: "revoke"; name: string };

/** Reads `token add|list|revoke` and its name. */
export function parseTokenArgs(args: string[]): TokenCommand {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  const [action, ...names] = positionals;
  const name = names.join(" ").trim();
  if (action === "list") {
    if (names.length > 0) throw new UsageError(`Unexpected argument '${names[0]}'.`);
    return { kind: "list" };
  }
  if (action === "add" || action === "revoke") {
    if (name === "") throw new UsageError(`token ${action} needs the consumer's name.`);
    return { kind: action, name };
  }
  throw new UsageError(
    action === undefined
      ? "token needs add, list or revoke."
      : `Unknown token command '${action}'.`,
  );
}

async function runToken(args: string[], io: FeedsCliIo): Promise<number> {
  const command = parseTokenArgs(args);
  const config = loadConfig(io.env);
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const consumers = createFeedConsumers({ database });
    const actor = { id: null, email: cliActor };
    if (command.kind === "add") {
      const added = await consumers.add(actor, command.name);
      if (!added.ok) {
        io.stderr(`feeds token add: ${added.message}\n`);
        return 1;
      }
      io.stdout(
        `Made a feed token for ${escapeTerminalControls(added.consumer.name)}. It is shown this once: ` +
          `give it to the consumer now.\n${added.token}\n` +
          `The feed: ${config.siteUrl}/odata/ (send Authorization: Bearer <token>).\n`,
      );
    } else if (command.kind === "revoke") {
      const revoked = await consumers.revoke(actor, command.name);
      if (!revoked.ok) {
        io.stderr(`feeds token revoke: ${revoked.message}\n`);
        return 1;
      }
      const name = escapeTerminalControls(revoked.consumer.name);
      io.stdout(
        revoked.changed
          ? `Revoked the token of ${name}.\n`
          : `${name}'s token was revoked already.\n`,
      );
    } else {
      const list = await consumers.list();
      if (list.length === 0) io.stdout("No feed consumers yet: make one with token add <name>.\n");
      for (const consumer of list) {
        const state = consumer.revokedAt ? `revoked ${consumer.revokedAt}` : "active";
        io.stdout(
          `${escapeTerminalControls(consumer.name)}  made ${consumer.createdAt}  ` +
            `last used ${consumer.lastUsedAt ?? "never"}  ${state}\n`,
        );
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** The feeds' commands by name; another feed adds its own line. */
const subcommands: Record<string, (args: string[], io: FeedsCliIo) => Promise<number>> = {
  token: runToken,
  blm: runBlmCommand,
};

/** Runs the command; answers the exit code (0 ok, 2 bad arguments, 1 failure). */
export async function runFeedsCli(args: string[], io: FeedsCliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(`${usage}\n`);
    return name === undefined ? 2 : 0;
  }
  const subcommand = subcommands[name];
  try {
    if (!subcommand) throw new UsageError(`Unknown command '${name}'.`);
    return await subcommand(rest, io);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      io.stderr(`${(error as Error).message}\n\n${usage}\n`);
      return 2;
    }
    io.stderr(`feeds ${name}: ${(error as Error).message}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  loadDotEnv();
  process.exitCode = await runFeedsCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
}
