import type { Kysely } from "kysely";
import type { Slider } from "../../lib/api-contract.ts";
import type { Database, NewSliderRow, SliderRow, SliderUpdate } from "../database.ts";
import { readWhileUnchanged } from "../read-cache.ts";

export function toSlider(row: SliderRow): Slider {
  return { title: row.title, image_url: row.image_url, link: row.link };
}

/** Every slider, in display order. */
export async function listSliders(db: Kysely<Database>): Promise<Slider[]> {
  return readWhileUnchanged(db, "sliders", async () => {
    const rows = await db
      .selectFrom("slider")
      .selectAll()
      .orderBy("position")
      .orderBy("id")
      .execute();
    return rows.map(toSlider);
  });
}

/** Every slider row (with its id), in display order. */
export async function listSliderRows(db: Kysely<Database>): Promise<SliderRow[]> {
  return db.selectFrom("slider").selectAll().orderBy("position").orderBy("id").execute();
}

/** Adds a slider after the last one; answers its id. */
export async function insertSliderLast(
  db: Kysely<Database>,
  slider: Omit<NewSliderRow, "position">,
): Promise<number> {
  const last = await db
    .selectFrom("slider")
    .select((eb) => eb.fn.max("position").as("position"))
    .executeTakeFirst();
  const position = last?.position === null || last === undefined ? 0 : Number(last.position) + 1;
  const { id } = await db
    .insertInto("slider")
    .values({ ...slider, position })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSlider(
  db: Kysely<Database>,
  id: number,
  values: SliderUpdate,
): Promise<void> {
  await db.updateTable("slider").set(values).where("id", "=", id).execute();
}

export async function deleteSlider(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom("slider").where("id", "=", id).execute();
}

export async function findSliderRow(
  db: Kysely<Database>,
  id: number,
): Promise<SliderRow | undefined> {
  return db.selectFrom("slider").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Moves slider `id` one place up (shown earlier) or down, renumbering every slider's position
 * 0, 1, 2… in the new order (positions written by other tools may repeat). Answers "edge" when
 * it is first (up) or last (down) already.
 */
export async function moveSlider(
  db: Kysely<Database>,
  id: number,
  direction: "up" | "down",
): Promise<"moved" | "edge" | "missing"> {
  const rows = await listSliderRows(db);
  const index = rows.findIndex((row) => row.id === id);
  if (index === -1) return "missing";
  const other = direction === "up" ? index - 1 : index + 1;
  const moved = rows[index];
  const neighbour = rows[other];
  if (moved === undefined || neighbour === undefined) return "edge";
  rows[other] = moved;
  rows[index] = neighbour;
  for (const [position, row] of rows.entries()) {
    if (row.position !== position) {
      await db.updateTable("slider").set({ position }).where("id", "=", row.id).execute();
    }
  }
  return "moved";
}
