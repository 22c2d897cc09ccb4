/**
 * The demo's viewing hours (decision 101): two members of staff (accounts without a password,
 * so nobody signs in as them) who host viewings of every listing, Monday to Saturday, so the
 * demo site's booking pages show real free times. Added beside the demo content by the first
 * start and `npm run db:seed`; the test databases' template leaves them out.
 */
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

export const demoViewingStaff = [
  {
    email: "sam.viewings@harborandpine.example",
    days: [1, 2, 3, 4, 5],
    start: "09:00",
    end: "17:30",
  },
  { email: "alex.viewings@harborandpine.example", days: [2, 4, 6], start: "10:00", end: "16:00" },
] as const;

export async function seedDemoViewingHours(db: Kysely<Database>, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const member of demoViewingStaff) {
      const row = await trx
        .insertInto("staff_user")
        .values({ email: member.email, role: "agent", created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) continue;
      await trx
        .insertInto("viewing_availability")
        .values(
          member.days.map((weekday) => ({
            staff_user_id: row.id,
            property_id: null,
            weekday,
            start_time: member.start,
            end_time: member.end,
            slot_minutes: 30,
            buffer_minutes: 15,
            created_at: now.toISOString(),
          })),
        )
        .execute();
    }
  });
}
