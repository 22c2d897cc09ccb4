/**
 * The detail page's photos (`ThumbnailGallery`, decisions 043, 048).
 *
 * The strip: choosing a thumbnail (click, Enter/Space), or the arrow keys, Home and End along
 * it, make its image the cover (SPEC §2) and nothing more: the cover opens the viewer. The new cover is a copy of the cover image with the chosen file's `src` and
 * `srcset`, read from the thumbnail's link (its image is never loaded, so never fallen back),
 * and the alt text 'headline (image 2 of 4)'. The cover's link then points at that image and
 * opens the viewer on it.
 *
 * The viewer is the server's closed `<dialog>`, run by ./photo-viewer.ts.
 *
 * @returns the cleanup, which removes the listeners.
 */
import { enhanceImage } from "../enhance-image.ts";
import { attachPhotoViewer, imageShowing, isPlainClick, type PhotoViewer } from "./photo-viewer.ts";

export function enhanceThumbnailGallery(gallery: HTMLElement): () => void {
  const strip = gallery.querySelector<HTMLElement>(".thumbnail-gallery__strip");
  const opener = gallery.querySelector<HTMLAnchorElement>(".thumbnail-gallery__open");
  const dialog = gallery.querySelector<HTMLDialogElement>("dialog.photo-viewer");
  const buttons = () =>
    strip ? [...strip.querySelectorAll<HTMLButtonElement>("button.thumbnail-gallery__thumb")] : [];
  /** Each photo's full-size link: the strip's, or the cover's for a single photo. */
  const sources = () => {
    const links = strip
      ? [...strip.querySelectorAll<HTMLAnchorElement>("a.thumbnail-gallery__link")]
      : [];
    return links.length > 0 ? links : opener ? [opener] : [];
  };
  /** A photo's own alt text (on its link) or the headline's, with its place among them. */
  const label = (index: number, total: number) => {
    const alt = sources()[index]?.dataset.alt || (gallery.dataset.alt ?? "");
    return total > 1 ? `${alt} (image ${index + 1} of ${total})` : alt;
  };
  const cleanups: (() => void)[] = [];
  let releaseCover: (() => void) | undefined;
  let coverIndex = 0;
  const viewer: PhotoViewer | undefined = dialog
    ? attachPhotoViewer(dialog, { sources, altOf: label })
    : undefined;

  function choose(index: number) {
    const all = buttons();
    const links = sources();
    const cover = gallery.querySelector<HTMLImageElement>(".thumbnail-gallery__cover img");
    const link = links[index];
    if (!all[index] || !cover || !link) return;
    const next = imageShowing(cover, link, label(index, links.length));
    all.forEach((each, at) => {
      each.setAttribute("aria-pressed", String(at === index));
      if (at === index) each.setAttribute("aria-current", "true");
      else each.removeAttribute("aria-current");
    });
    releaseCover?.();
    cover.replaceWith(next);
    releaseCover = enhanceImage(next);
    coverIndex = index;
    opener?.setAttribute("href", next.getAttribute("src") ?? "");
  }

  if (strip) {
    const onClick = (event: MouseEvent) => {
      const button = (event.target as Element).closest("button");
      if (!button || !strip.contains(button)) return;
      choose(buttons().indexOf(button as HTMLButtonElement));
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const all = buttons();
      const total = all.length;
      const current = all.findIndex((button) => button.getAttribute("aria-pressed") === "true");
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
      const jump = { Home: 0, End: total - 1 }[event.key];
      if (step === undefined && jump === undefined) return;
      event.preventDefault();
      const next = jump ?? (current + (step ?? 0) + total) % total;
      choose(next);
      all[next]?.focus();
    };
    strip.addEventListener("click", onClick);
    strip.addEventListener("keydown", onKeyDown);
    cleanups.push(() => {
      strip.removeEventListener("click", onClick);
      strip.removeEventListener("keydown", onKeyDown);
    });
  }

  if (viewer && opener) {
    opener.setAttribute("aria-haspopup", "dialog");
    const onOpenerClick = (event: MouseEvent) => {
      if (!isPlainClick(event)) return; // a new tab or window still gets the image itself
      event.preventDefault();
      viewer.open(coverIndex, opener);
    };
    opener.addEventListener("click", onOpenerClick);
    cleanups.push(() => opener.removeEventListener("click", onOpenerClick));
  }

  return () => {
    releaseCover?.();
    viewer?.release();
    for (const cleanup of cleanups) cleanup();
  };
}
