/**
 * The home page's sliders (SPEC §7 `/sliders/display/all`), named by their number in display
 * order (1 is shown first), as `slider list` prints them.
 */
import type { Kysely } from "kysely";
import type { Database, SliderRow } from "../../db/database.ts";
import {
  deleteSlider,
  insertSliderLast,
  listSliderRows,
  updateSlider,
} from "../../db/queries/slider.ts";
import { inspectImage, removeStoredImages, storeImage } from "./images.ts";

/** What `slider add` and `slider replace` set; `image` is a path to the image file. */
export interface SliderInput {
  title?: string;
  image?: string;
  link?: string;
}

/** Checks a slider's title and link; throws an Error naming the bad one. */
export function checkSliderInput(input: SliderInput): void {
  if (input.title !== undefined && (input.title.trim() === "" || input.title.length > 200)) {
    throw new Error("--title must be 1 to 200 characters.");
  }
  if (input.link !== undefined && !isSliderLink(input.link)) {
    throw new Error(
      `--link must be a path on the site (such as /property) or an http(s) address, not '${input.link}'.`,
    );
  }
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

/** The slider shown `number`th (1-based); throws when there is none. */
async function sliderNumbered(db: Kysely<Database>, number: number): Promise<SliderRow> {
  const sliders = await listSliderRows(db);
  const slider = sliders[number - 1];
  if (slider === undefined) {
    throw new Error(
      sliders.length === 0
        ? "There are no sliders."
        : `There is no slider ${number}: the sliders are numbered 1 to ${sliders.length}.`,
    );
  }
  return slider;
}

/** Adds a slider after the others, copying its image into IMAGE_DIR/sliders. */
export async function addSlider(
  db: Kysely<Database>,
  imageDir: string,
  input: Required<SliderInput>,
): Promise<void> {
  checkSliderInput(input);
  await withStoredSliderImage(imageDir, input.image, (file) =>
    insertSliderLast(db, { title: input.title.trim(), image_url: file!, link: input.link }),
  );
}

/** Changes slider `number`: the fields given; answers whether anything changed. */
export async function replaceSlider(
  db: Kysely<Database>,
  imageDir: string,
  number: number,
  input: SliderInput,
): Promise<boolean> {
  checkSliderInput(input);
  const slider = await sliderNumbered(db, number);
  return withStoredSliderImage(imageDir, input.image, async (file) => {
    const changes = {
      ...(input.title !== undefined && input.title.trim() !== slider.title
        ? { title: input.title.trim() }
        : {}),
      ...(file !== undefined && file !== slider.image_url ? { image_url: file } : {}),
      ...(input.link !== undefined && input.link !== slider.link ? { link: input.link } : {}),
    };
    if (Object.keys(changes).length === 0) return false;
    await updateSlider(db, slider.id, changes);
    return true;
  });
}

/** Removes slider `number` (its image file stays: pages cached elsewhere may still show it). */
export async function removeSlider(db: Kysely<Database>, number: number): Promise<SliderRow> {
  const slider = await sliderNumbered(db, number);
  await deleteSlider(db, slider.id);
  return slider;
}

/** Stores the image (if any) and runs `save` with its file name; a failed save removes a new file. */
async function withStoredSliderImage<T>(
  imageDir: string,
  image: string | undefined,
  save: (file: string | undefined) => Promise<T>,
): Promise<T> {
  if (image === undefined) return save(undefined);
  const stored = await storeImage(imageDir, "sliders", await inspectImage(image));
  try {
    return await save(stored.file);
  } catch (error) {
    if (stored.created) await removeStoredImages(imageDir, "sliders", [stored.file]);
    throw error;
  }
}
