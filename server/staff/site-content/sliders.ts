/**
 * The home page's sliders in the back office (decision 057): listed, added with their image,
 * saved over the version the form showed, moved and removed, each through the sliders' one write
 * path (server/content/sliders.ts, decision 084).
 */
import type { AdminContentService } from "#app-context";
import type { SliderRow } from "../../../db/database.ts";
import { findSliderRow, listSliderRows } from "../../../db/queries/slider.ts";
import type { AdminSlider } from "../../../lib/admin-content.ts";
import {
  addSlider,
  moveSlider,
  removeSlider,
  replaceSlider,
  sliderVersion,
} from "../../content/sliders.ts";
import { type ContentWrites, toContentSave } from "./writes.ts";

function toAdminSlider(row: SliderRow): AdminSlider {
  return {
    id: row.id,
    title: row.title,
    image_url: row.image_url,
    link: row.link,
    version: sliderVersion(row),
  };
}

export function createSliderContent({
  db,
  writerFor,
}: ContentWrites): Pick<
  AdminContentService,
  "sliders" | "slider" | "addSlider" | "saveSlider" | "moveSlider" | "removeSlider"
> {
  return {
    async sliders() {
      return (await listSliderRows(db)).map(toAdminSlider);
    },
    async slider(_session, id) {
      const row = await findSliderRow(db, id);
      return row === undefined ? null : toAdminSlider(row);
    },
    async addSlider(session, values, image) {
      return toContentSave(await addSlider(writerFor(session), values, image));
    },
    async saveSlider(session, id, version, values, image) {
      return toContentSave(await replaceSlider(writerFor(session), id, values, image, { version }));
    },
    async moveSlider(session, id, direction) {
      return moveSlider(writerFor(session), id, direction);
    },
    async removeSlider(session, id) {
      return (await removeSlider(writerFor(session), id)).ok ? "removed" : "missing";
    },
  };
}
