/**
 * The home page's sliders in the back office (decision 057): listed, added with their image,
 * saved over the version the form showed, moved and removed.
 */
import type { AdminContentService } from "#app-context";
import {
  deleteSlider,
  findSliderRow,
  insertSliderLast,
  listSliderRows,
  moveSlider,
  updateSlider,
} from "../../../db/queries/slider.ts";
import type {
  AdminSlider,
  ContentFieldIssue,
  SliderFormValues,
} from "../../../lib/admin-content.ts";
import { changedFields } from "../../audit/changes.ts";
import { isSliderLink } from "../../content/sliders.ts";
import { type ContentWrites, contentVersion, Refused } from "./writes.ts";

/** A slider's texts: the content command's rules, worded for the form. */
function sliderIssues(values: SliderFormValues): ContentFieldIssue[] {
  const issues: ContentFieldIssue[] = [];
  const title = values.title.trim();
  if (title === "") issues.push({ field: "title", message: "must not be empty" });
  else if (title.length > 200) {
    issues.push({ field: "title", message: "must be at most 200 characters" });
  }
  const link = values.link.trim();
  if (link === "") issues.push({ field: "link", message: "must not be empty" });
  else if (!isSliderLink(link)) {
    issues.push({
      field: "link",
      message: "must be a path on this site (such as /property) or an http(s) address",
    });
  }
  return issues;
}

function toAdminSlider(row: { id: number; title: string; image_url: string; link: string }) {
  const slider = { id: row.id, title: row.title, image_url: row.image_url, link: row.link };
  return { ...slider, version: contentVersion(slider) } satisfies AdminSlider;
}

export function createSliderContent({
  db,
  write,
  withImage,
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
      const problems = sliderIssues(values);
      if (image === null) problems.push({ field: "image", message: "must be chosen" });
      return withImage("slider", image, "image", problems, (file) =>
        write(session, async (trx) => {
          const title = values.title.trim();
          await insertSliderLast(trx, { title, image_url: file ?? "", link: values.link.trim() });
          const added = await trx
            .selectFrom("slider")
            .select("id")
            .orderBy("id", "desc")
            .limit(1)
            .executeTakeFirstOrThrow();
          return {
            id: added.id,
            action: "slider.add",
            subjectType: "slider",
            subjectId: added.id,
            detail: { title, image: file },
          };
        }),
      );
    },
    async saveSlider(session, id, version, values, image) {
      return withImage("slider", image, "image", sliderIssues(values), (file) =>
        write(session, async (trx) => {
          const row = await findSliderRow(trx, id);
          if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
          const before = toAdminSlider(row);
          if (before.version !== version) throw new Refused({ ok: false, reason: "conflict" });
          const after = {
            title: values.title.trim(),
            link: values.link.trim(),
            image_url: file ?? row.image_url,
          };
          await updateSlider(trx, id, after);
          return {
            action: "slider.replace",
            subjectType: "slider",
            subjectId: id,
            // Named by its title: its id means nothing to staff (the log's page).
            detail: {
              title: after.title,
              changes: changedFields(
                { title: row.title, link: row.link, image_url: row.image_url },
                after,
              ),
            },
          };
        }),
      );
    },
    async moveSlider(session, id, direction) {
      let outcome: "moved" | "edge" | "missing" = "missing";
      await write(session, async (trx) => {
        outcome = await moveSlider(trx, id, direction);
        if (outcome !== "moved") throw new Refused({ ok: false, reason: "missing" });
        const rows = await listSliderRows(trx);
        const place = rows.findIndex((row) => row.id === id);
        return {
          action: "slider.move",
          subjectType: "slider",
          subjectId: id,
          detail: { title: rows[place]?.title, direction, position: place + 1 },
        };
      });
      return outcome;
    },
    async removeSlider(session, id) {
      const saved = await write(session, async (trx) => {
        const row = await findSliderRow(trx, id);
        if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
        // The image file stays: pages cached elsewhere may still show it.
        await deleteSlider(trx, id);
        return {
          action: "slider.remove",
          subjectType: "slider",
          subjectId: id,
          detail: { title: row.title },
        };
      });
      return saved.ok ? "removed" : "missing";
    },
  };
}
