/**
 * A property's floor plans (decision 052): read in order, and replaced as a whole by the
 * content import and the back office's editor.
 */
import type { Kysely } from "kysely";
import type { FloorPlan } from "../../lib/floor-plans.ts";
import type { Database, FloorPlanRow } from "../database.ts";

function toFloorPlan(row: Pick<FloorPlanRow, "label" | "file" | "kind">): FloorPlan {
  return { label: row.label, file: row.file, kind: row.kind };
}

/** A property's floor plans, in order; none is an empty list. */
export async function listFloorPlans(
  db: Kysely<Database>,
  propertyId: number,
): Promise<FloorPlan[]> {
  const rows = await db
    .selectFrom("floor_plan")
    .select(["label", "file", "kind"])
    .where("property_id", "=", propertyId)
    .orderBy("position")
    .execute();
  return rows.map(toFloorPlan);
}

/** The floor plans of these properties, by property id; a property without any is absent. */
export async function listFloorPlansOf(
  db: Kysely<Database>,
  propertyIds: readonly number[],
): Promise<Map<number, FloorPlan[]>> {
  const plans = new Map<number, FloorPlan[]>();
  // In chunks, well under either dialect's limit of bound parameters.
  for (let start = 0; start < propertyIds.length; start += 1000) {
    const chunk = propertyIds.slice(start, start + 1000);
    const rows = await db
      .selectFrom("floor_plan")
      .select(["property_id", "label", "file", "kind"])
      .where("property_id", "in", chunk)
      .orderBy("property_id")
      .orderBy("position")
      .execute();
    for (const row of rows) {
      const list = plans.get(row.property_id) ?? [];
      list.push(toFloorPlan(row));
      plans.set(row.property_id, list);
    }
  }
  return plans;
}

/**
 * Makes `plans` the property's floor plans, in their order. Run it inside the transaction that
 * writes the property, so the two change together.
 */
export async function replaceFloorPlans(
  db: Kysely<Database>,
  propertyId: number,
  plans: readonly FloorPlan[],
): Promise<void> {
  await db.deleteFrom("floor_plan").where("property_id", "=", propertyId).execute();
  if (plans.length === 0) return;
  await db
    .insertInto("floor_plan")
    .values(
      plans.map((plan, position) => ({
        property_id: propertyId,
        position,
        label: plan.label,
        file: plan.file,
        kind: plan.kind,
      })),
    )
    .execute();
}

/** Adds `plans` after the property's `existing` ones (the back office's upload). */
export async function appendFloorPlans(
  db: Kysely<Database>,
  propertyId: number,
  existing: number,
  plans: readonly FloorPlan[],
): Promise<void> {
  if (plans.length === 0) return;
  await db
    .insertInto("floor_plan")
    .values(
      plans.map((plan, index) => ({
        property_id: propertyId,
        position: existing + index,
        label: plan.label,
        file: plan.file,
        kind: plan.kind,
      })),
    )
    .execute();
}
