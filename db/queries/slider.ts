import type { Kysely } from "kysely";
import type { Slider } from "../../lib/api-contract.ts";
import type { Database, SliderRow } from "../database.ts";

export function toSlider(row: SliderRow): Slider {
  return { title: row.title, image_url: row.image_url, link: row.link };
}

/** Every slider, in display order. */
export async function listSliders(db: Kysely<Database>): Promise<Slider[]> {
  const rows = await db
    .selectFrom("slider")
    .selectAll()
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(toSlider);
}
