/**
 * The audit log (decision 050) records the client address of each event's request (decision
 * 067): the IP Fastify reads with TRUSTED_PROXIES, so a set-password link used by someone else
 * is no longer credited to its owner alone. Null for the commands, the retention purge and
 * every event recorded before. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("audit_event").addColumn("client_address", "text").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("audit_event").dropColumn("client_address").execute();
}
