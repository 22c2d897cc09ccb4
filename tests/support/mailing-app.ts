/**
 * An API app that mails (search alerts, the newsletter, their digests) on a fresh test database,
 * with a real SMTP server started beside it and its jobs stopped: nothing is sent until a test
 * calls `deliver()`, which runs the outbox once and answers what arrived.
 */
import type { Config } from "../../config/env.ts";
import type { Dialect } from "../../db/database.ts";
import { buildApp } from "../../server/app.ts";
import { testConfig } from "./app.ts";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "./smtp.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type MailingAppServer = Awaited<ReturnType<typeof buildApp>>;

/** The site's address in the mails' links. */
export const mailingSiteUrl = "https://homes.example";

export interface MailingAppOptions {
  /** Demo listings in the database. */
  seed?: boolean;
  /** Settings over the defaults, as the environment gives them. */
  env?: Record<string, string>;
  /** Runs on the database before the app starts, such as saving a company profile. */
  prepare?: (database: TestDatabase) => Promise<void>;
}

export interface MailingApp {
  app: MailingAppServer;
  database: TestDatabase;
  smtp: TestSmtpServer;
  /** The app's settings: a second app server on the same database is built from them. */
  config: Config;
  /** Delivers everything due and answers the mails received meanwhile. */
  deliver(): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startMailingApp(
  dialect: Dialect,
  options: MailingAppOptions = {},
): Promise<MailingApp> {
  const smtp = await startSmtpServer();
  const database = await createTestDatabase(dialect, { seed: options.seed ?? false });
  await options.prepare?.(database);
  const config = testConfig(database.url, {
    CONTACT_RATE_LIMIT: "off",
    SMTP_URL: smtp.url,
    SITE_URL: mailingSiteUrl,
    // Checked by server/overload.test.ts; here a busy machine must not answer 503.
    MAX_EVENT_LOOP_DELAY_MS: "0",
    ...options.env,
  });
  const app = await buildApp({ config, database: database.handle, site: false });
  await app.ready();
  // Only what a test asks for runs: no timers, no wake-ups (runOnce still works).
  await app.jobs.stop();
  return {
    app,
    database,
    smtp,
    config,
    async deliver() {
      const before = smtp.received.length;
      await app.jobs.outbox!.runOnce();
      return smtp.received.slice(before);
    },
    async close() {
      await app.close();
      await database.drop();
      await smtp.close();
    },
  };
}

/** The token of the mail's link to `path` on the site (`…/path?token=…`). */
export function tokenIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(
    `${mailingSiteUrl.replaceAll(".", "\\.")}${path}\\?token=([A-Za-z0-9_.-]+)`,
  ).exec(mail.decoded);
  if (!match) throw new Error(`no ${path} link in:\n${mail.decoded}`);
  return match[1]!;
}

/** A header of the mail as sent (folded lines joined); undefined when it has none. */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
  const unfolded = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded
    .split(/\r?\n/)
    .find((row) => row.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
