/**
 * The home page's sliders (SPEC §7 `/sliders/display/all`): the one place they are written, by
 * the content command and the back office alike (decision 084). A slider is named by its id
 * (the audit event's subject); the command's number for it (its place in display order, 1 is
 * shown first, as `slider list` prints them) goes into the event's detail as `position`.
 */
import type { Kysely } from "kysely";
import type { Database, SliderRow } from "../../db/database.ts";
import {
  deleteSlider,
  findSliderRow,
  insertSliderLast,
  listSliderRows,
  moveSlider as moveSliderRow,
  updateSlider,
} from "../../db/queries/slider.ts";
import { changedFields } from "../audit/changes.ts";
import type { SiteImageSource } from "./site-images.ts";
import {
  type ContentIssue,
  type ContentWriteResult,
  type ContentWriter,
  contentVersion,
  Refused,
  withSiteImage,
  writeContent,
} from "./writes.ts";

/** A slider's texts: both are trimmed. */
export interface SliderValues {
  title: string;
  link: string;
}

/** A path of this site (`/…`, not `//…`) or an http(s) address. */
export function isSliderLink(link: string): boolean {
  if (link.length > 2000) return false;
  if (link.startsWith("/")) return !link.startsWith("//") && !link.startsWith("/\\");
  try {
    const url = new URL(link);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The rules of a slider's texts (those given), in the form's words, title first. */
export function sliderIssues(values: Partial<SliderValues>): ContentIssue[] {
  const issues: ContentIssue[] = [];
  if (values.title !== undefined) {
    const title = values.title.trim();
    if (title === "") issues.push({ field: "title", message: "must not be empty" });
    else if (title.length > 200) {
      issues.push({ field: "title", message: "must be at most 200 characters" });
    }
  }
  if (values.link !== undefined) {
    const link = values.link.trim();
    if (link === "") issues.push({ field: "link", message: "must not be empty" });
    else if (!isSliderLink(link)) {
      issues.push({
        field: "link",
        message: "must be a path on this site (such as /property) or an http(s) address",
      });
    }
  }
  return issues;
}

/** The fingerprint of a slider as a form shows it: a save over another version is refused. */
export function sliderVersion(row: SliderRow): string {
  return contentVersion({ id: row.id, title: row.title, image_url: row.image_url, link: row.link });
}

/** Where the command's number `position` points, if a command named the slider so. */
const placed = (position: number | undefined) => (position === undefined ? {} : { position });

/** The slider shown `position`th (1-based), as the command numbers them; undefined for none. */
export async function findSliderAt(
  db: Kysely<Database>,
  position: number,
): Promise<{ slider: SliderRow | undefined; count: number }> {
  const sliders = await listSliderRows(db);
  return { slider: sliders[position - 1], count: sliders.length };
}

/** Adds a slider after the others with its image (required), stored in IMAGE_DIR/sliders. */
export async function addSlider(
  writer: ContentWriter,
  values: SliderValues,
  image: SiteImageSource | null,
): Promise<ContentWriteResult<{ id: number }>> {
  const problems = sliderIssues(values);
  if (image === null) problems.push({ field: "image", message: "must be chosen" });
  return withSiteImage(writer, "slider", image, "image", problems, (file) =>
    writeContent(writer, async (trx) => {
      const title = values.title.trim();
      const id = await insertSliderLast(trx, {
        title,
        image_url: file ?? "",
        link: values.link.trim(),
      });
      return {
        id,
        event: {
          action: "slider.add",
          subjectType: "slider",
          subjectId: id,
          detail: { title, image: file },
        },
      };
    }),
  );
}

export interface SliderReplace {
  /** The version the form showed; a changed slider is refused (`conflict`). */
  version?: string;
  /** The command's number for it, recorded in the event. */
  position?: number;
}

/**
 * Changes slider `id`: the texts given and the image, when one is given. Nothing changed
 * records no event.
 */
export async function replaceSlider(
  writer: ContentWriter,
  id: number,
  values: Partial<SliderValues>,
  image: SiteImageSource | null,
  { version, position }: SliderReplace = {},
): Promise<ContentWriteResult> {
  return withSiteImage(writer, "slider", image, "image", sliderIssues(values), (file) =>
    writeContent(writer, async (trx) => {
      const row = await findSliderRow(trx, id);
      if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
      if (version !== undefined && sliderVersion(row) !== version) {
        throw new Refused({ ok: false, reason: "conflict" });
      }
      const before = { title: row.title, link: row.link, image_url: row.image_url };
      const after = {
        title: values.title?.trim() ?? row.title,
        link: values.link?.trim() ?? row.link,
        image_url: file ?? row.image_url,
      };
      const changes = changedFields(before, after);
      if (Object.keys(changes).length === 0) return { event: null };
      await updateSlider(trx, id, after);
      return {
        event: {
          action: "slider.replace",
          subjectType: "slider",
          subjectId: id,
          // Named by its title: its id means nothing to staff (the log's page).
          detail: { title: after.title, ...placed(position), changes },
        },
      };
    }),
  );
}

/** Moves slider `id` one place up or down (a single saved step on the current order). */
export async function moveSlider(
  writer: ContentWriter,
  id: number,
  direction: "up" | "down",
): Promise<"moved" | "edge" | "missing"> {
  let outcome: "moved" | "edge" | "missing" = "missing";
  await writeContent(writer, async (trx) => {
    outcome = await moveSliderRow(trx, id, direction);
    if (outcome !== "moved") throw new Refused({ ok: false, reason: "missing" });
    const rows = await listSliderRows(trx);
    const place = rows.findIndex((row) => row.id === id);
    return {
      event: {
        action: "slider.move",
        subjectType: "slider",
        subjectId: id,
        detail: { title: rows[place]?.title, direction, position: place + 1 },
      },
    };
  });
  return outcome;
}

/** Removes slider `id` (its image file stays: pages cached elsewhere may still show it). */
export async function removeSlider(
  writer: ContentWriter,
  id: number,
  { position }: { position?: number } = {},
): Promise<ContentWriteResult<{ title: string }>> {
  return writeContent(writer, async (trx) => {
    const row = await findSliderRow(trx, id);
    if (row === undefined) throw new Refused({ ok: false, reason: "missing" });
    await deleteSlider(trx, id);
    return {
      title: row.title,
      event: {
        action: "slider.remove",
        subjectType: "slider",
        subjectId: id,
        detail: { title: row.title, ...placed(position) },
      },
    };
  });
}
