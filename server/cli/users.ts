/**
 * The back office's accounts from a shell (decision 036):
 *   npm run users -- add --owner EMAIL     the first owner (or another); prints a one-time
 *   npm run users -- add --agent EMAIL     set-password link
 *   npm run users -- link EMAIL            a new set-password link (a forgotten password)
 *   npm run users -- list                  every account
 * Reads DATABASE_URL (default: the SQLite demo database) and SITE_URL (the links' address).
 */
import { pathToFileURL } from "node:url";
import { loadConfig, loadDotEnv } from "../../config/env.ts";
import { openDatabase } from "../../db/database.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { findStaffUserByEmail, listStaffUsers } from "../../db/queries/staff.ts";
import { normaliseEmail, type StaffRole, staffRoleNames } from "../../lib/staff-rules.ts";
import { escapeTerminalControls } from "../../lib/text.ts";
import { defaultLinkLifetimeMs } from "../staff/accounts/shared.ts";
import { createStaffAccounts } from "../staff/accounts.ts";
import { createSignInThrottle } from "../staff/throttle.ts";

export const usage = `Usage:
  npm run users -- add --owner <email>   add an owner; prints their one-time set-password link
  npm run users -- add --agent <email>   add an agent; the same
  npm run users -- link <email>          a new set-password link for an account (the old
                                         link stops working; the password stays until it is used)
  npm run users -- list                  every account
  npm run users -- --help`;

type Command =
  | { kind: "help" }
  | { kind: "add"; role: StaffRole; email: string }
  | { kind: "link"; email: string }
  | { kind: "list" };

/** Parses the arguments; throws an Error whose message says what is wrong. */
export function parseUsersArgs(args: string[]): Command {
  const [command, ...rest] = args;
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    return { kind: "help" };
  }
  if (command === "add") {
    const [flag, email, ...extra] = rest;
    if (flag !== "--owner" && flag !== "--agent") {
      throw new Error("add needs --owner or --agent, then the e-mail address.");
    }
    if (email === undefined || email.startsWith("--"))
      throw new Error(`${flag} needs an e-mail address.`);
    if (extra.length > 0) throw new Error(`Unexpected argument '${extra[0]}'.`);
    return { kind: "add", role: flag === "--owner" ? "owner" : "agent", email };
  }
  if (command === "link") {
    const [email, ...extra] = rest;
    if (email === undefined || email.startsWith("--"))
      throw new Error("link needs an e-mail address.");
    if (extra.length > 0) throw new Error(`Unexpected argument '${extra[0]}'.`);
    return { kind: "link", email };
  }
  if (command === "list") {
    if (rest.length > 0) throw new Error(`Unexpected argument '${rest[0]}'.`);
    return { kind: "list" };
  }
  throw new Error(`Unknown command '${command}'.`);
}

export interface UsersCliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  databaseUrl: string;
  /** The site's public address, the links' start. */
  siteUrl: string;
}

const linkHours = defaultLinkLifetimeMs / 3_600_000;

/** Runs the command; answers the exit code (0 ok, 2 bad arguments, 1 failure). */
export async function runUsersCli(args: string[], io: UsersCliIo): Promise<number> {
  let command: Command;
  try {
    command = parseUsersArgs(args);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (command.kind === "help") {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const database = openDatabase(io.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const accounts = createStaffAccounts({
      database,
      throttle: createSignInThrottle(),
      siteUrl: io.siteUrl,
    });
    if (command.kind === "add") {
      const added = await accounts.addStaffUser(command.email, command.role);
      if (!added.ok) {
        io.stderr(`users add: ${added.message}\n`);
        return 1;
      }
      io.stdout(
        `Added ${staffRoleNames[command.role].toLowerCase()} ${added.user.email}.\n` +
          `Their one-time link to set a password (it works once, for ${linkHours} hours):\n${added.link}\n`,
      );
    } else if (command.kind === "link") {
      const user = await findStaffUserByEmail(database.db, normaliseEmail(command.email));
      if (!user) {
        io.stderr(`users link: there is no account with the e-mail address ${command.email}.\n`);
        return 1;
      }
      const link = await accounts.issueSetPasswordLink(user);
      io.stdout(
        `A one-time link to set the password of ${user.email} (it works once, for ${linkHours} hours):\n${link}\n`,
      );
    } else {
      const users = await listStaffUsers(database.db);
      if (users.length === 0) io.stdout("No accounts yet: add the first owner with add --owner.\n");
      for (const user of users) {
        io.stdout(
          `${escapeTerminalControls(user.email)}  ${staffRoleNames[user.role]}  ${user.passwordHash ? "active" : "invited"}\n`,
        );
      }
    }
    return 0;
  } catch (error) {
    io.stderr(`users ${command.kind}: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  loadDotEnv();
  const config = loadConfig(process.env);
  process.exitCode = await runUsersCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    databaseUrl: config.DATABASE_URL,
    siteUrl: config.siteUrl,
  });
}
