/**
 * Staff accounts, sessions and one-time links (decision 036). Secrets never reach these
 * functions: sessions and links are found by the SHA-256 of their secret, computed by the
 * caller (server/staff/accounts.ts).
 */
import type { Kysely } from "kysely";
import type { Database, StaffRole, StaffUserRow } from "../database.ts";
import { isPostgres, toIsoString } from "./columns.ts";

export interface StaffUserRecord {
  id: number;
  email: string;
  role: StaffRole;
  passwordHash: string | null;
  createdAt: string;
}

function toStaffUserRecord(row: StaffUserRow): StaffUserRecord {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    passwordHash: row.password_hash,
    createdAt: toIsoString(row.created_at),
  };
}

export async function findStaffUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<StaffUserRecord | undefined> {
  const row = await db
    .selectFrom("staff_user")
    .selectAll()
    .where("email", "=", email)
    .executeTakeFirst();
  return row && toStaffUserRecord(row);
}

export async function findStaffUserById(
  db: Kysely<Database>,
  id: number,
): Promise<StaffUserRecord | undefined> {
  const row = await db.selectFrom("staff_user").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toStaffUserRecord(row);
}

/** Every member of staff, oldest first. */
export async function listStaffUsers(db: Kysely<Database>): Promise<StaffUserRecord[]> {
  const rows = await db.selectFrom("staff_user").selectAll().orderBy("id").execute();
  return rows.map(toStaffUserRecord);
}

/** Adds a member of staff without a password; undefined when the e-mail address is taken. */
export async function insertStaffUser(
  db: Kysely<Database>,
  user: { email: string; role: StaffRole; now: Date },
): Promise<StaffUserRecord | undefined> {
  const row = await db
    .insertInto("staff_user")
    .values({ email: user.email, role: user.role, created_at: user.now.toISOString() })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toStaffUserRecord(row);
}

export async function updateStaffPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("staff_user")
    .set({ password_hash: passwordHash, password_changed_at: now.toISOString() })
    .where("id", "=", userId)
    .execute();
}

/**
 * How many owners other than `userId` can sign in (have a password). Run it in the transaction
 * of the change it guards: on PostgreSQL it locks the owners' rows, so two owners demoting or
 * removing each other at once cannot both pass and leave nobody in charge (SQLite runs one
 * writing transaction at a time).
 */
export async function countOtherActiveOwners(
  trx: Kysely<Database>,
  userId: number,
): Promise<number> {
  const rows = await trx
    .selectFrom("staff_user")
    .select("id")
    .where("role", "=", "owner")
    .where("password_hash", "is not", null)
    .$if(isPostgres(trx), (query) => query.forUpdate())
    .execute();
  return rows.filter((row) => row.id !== userId).length;
}

export async function updateStaffRole(
  db: Kysely<Database>,
  userId: number,
  role: StaffRole,
): Promise<void> {
  await db.updateTable("staff_user").set({ role }).where("id", "=", userId).execute();
}

/**
 * Removes a member of staff for good: their sessions and links (the foreign keys cascade
 * too; deleted here all the same, as ending the sessions is the point), the enquiries
 * assigned to them become unassigned (the inbox's assignee has no foreign key), then the
 * account. Their notes (`author_id` is set null by its foreign key) and audit events keep
 * their address (`author_email`, `actor_email`). Answers how many enquiries were unassigned.
 */
export async function deleteStaffUser(
  trx: Kysely<Database>,
  userId: number,
): Promise<{ unassigned: number }> {
  await trx.deleteFrom("staff_session").where("user_id", "=", userId).execute();
  await trx.deleteFrom("staff_token").where("user_id", "=", userId).execute();
  const unassigned = await trx
    .updateTable("enquiry")
    .set({ assignee_id: null })
    .where("assignee_id", "=", userId)
    .executeTakeFirst();
  await trx.deleteFrom("staff_user").where("id", "=", userId).execute();
  return { unassigned: Number(unassigned.numUpdatedRows) };
}

export async function insertStaffToken(
  db: Kysely<Database>,
  token: { id: string; userId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto("staff_token")
    .values({
      id: token.id,
      user_id: token.userId,
      purpose: "set-password",
      created_at: token.now.toISOString(),
      expires_at: token.expiresAt.toISOString(),
    })
    .execute();
}

/** The user of an unexpired link, or undefined. */
export async function findStaffTokenUser(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<StaffUserRecord | undefined> {
  const row = await db
    .selectFrom("staff_token")
    .innerJoin("staff_user", "staff_user.id", "staff_token.user_id")
    .selectAll("staff_user")
    .where("staff_token.id", "=", id)
    .where("staff_token.expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row && toStaffUserRecord(row);
}

/**
 * Spends a link: deletes it and answers its user's id when it was there and unexpired. One
 * statement, so two uses of one link at once cannot both succeed.
 */
export async function deleteStaffToken(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .deleteFrom("staff_token")
    .where("id", "=", id)
    .where("expires_at", ">", now.toISOString())
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** A user's other links go when one is spent or a new one is issued. */
export async function deleteStaffTokensOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("staff_token").where("user_id", "=", userId).execute();
}

export async function insertStaffSession(
  db: Kysely<Database>,
  session: { id: string; userId: number; csrfToken: string; now: Date },
): Promise<void> {
  const now = session.now.toISOString();
  await db
    .insertInto("staff_session")
    .values({
      id: session.id,
      user_id: session.userId,
      csrf_token: session.csrfToken,
      created_at: now,
      last_seen_at: now,
    })
    .execute();
}

export interface StaffSessionRecord {
  id: string;
  csrfToken: string;
  createdAt: Date;
  lastSeenAt: Date;
  user: StaffUserRecord;
}

export async function findStaffSession(
  db: Kysely<Database>,
  id: string,
): Promise<StaffSessionRecord | undefined> {
  const row = await db
    .selectFrom("staff_session")
    .innerJoin("staff_user", "staff_user.id", "staff_session.user_id")
    .selectAll("staff_user")
    .select([
      "staff_session.id as session_id",
      "staff_session.csrf_token",
      "staff_session.created_at as session_created_at",
      "staff_session.last_seen_at",
    ])
    .where("staff_session.id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.session_id,
    csrfToken: row.csrf_token,
    createdAt: new Date(row.session_created_at),
    lastSeenAt: new Date(row.last_seen_at),
    user: toStaffUserRecord(row),
  };
}

export async function touchStaffSession(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable("staff_session")
    .set({ last_seen_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteStaffSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("staff_session").where("id", "=", id).execute();
}

/** Signs a user out everywhere. */
export async function deleteStaffSessionsOf(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("staff_session").where("user_id", "=", userId).execute();
}

/** Signs a user out everywhere but the session `keepId` (theirs, after changing their password). */
export async function deleteOtherStaffSessions(
  db: Kysely<Database>,
  userId: number,
  keepId: string,
): Promise<void> {
  await db
    .deleteFrom("staff_session")
    .where("user_id", "=", userId)
    .where("id", "<>", keepId)
    .execute();
}

/** Sessions idle since `idleBefore` or begun before `createdBefore`: expired, removed. */
export async function deleteExpiredStaffSessions(
  db: Kysely<Database>,
  bounds: { idleBefore: Date; createdBefore: Date },
): Promise<void> {
  await db
    .deleteFrom("staff_session")
    .where((eb) =>
      eb.or([
        eb("last_seen_at", "<", bounds.idleBefore.toISOString()),
        eb("created_at", "<", bounds.createdBefore.toISOString()),
      ]),
    )
    .execute();
}
