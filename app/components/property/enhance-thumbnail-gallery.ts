/**
 * The detail page's thumbnail strip (`ThumbnailGallery`, decision 043): choosing a thumbnail
 * (click, Enter/Space, or the arrow keys, Home and End along the strip) shows its image as the
 * cover. The new cover is a copy of the cover image with the chosen file's `src` and `srcset`,
 * read from the thumbnail's link (its image is never loaded, so never fallen back), and the
 * alt text 'headline (image 2 of 4)'.
 *
 * @returns the cleanup, which removes the listeners.
 */
import { enhanceImage } from "../enhance-image.ts";

export function enhanceThumbnailGallery(gallery: HTMLElement): () => void {
  const strip = gallery.querySelector<HTMLElement>(".thumbnail-gallery__strip");
  if (!strip) return () => {};
  const buttons = () => [...strip.querySelectorAll<HTMLButtonElement>("button")];
  let releaseCover: (() => void) | undefined;

  function choose(index: number) {
    const all = buttons();
    const button = all[index];
    const source = button?.parentElement?.querySelector<HTMLImageElement>(
      ".thumbnail-gallery__link img",
    );
    const cover = gallery.querySelector<HTMLImageElement>(".thumbnail-gallery__cover img");
    if (!button || !source || !cover) return;
    all.forEach((each, at) => {
      each.setAttribute("aria-pressed", String(at === index));
      if (at === index) each.setAttribute("aria-current", "true");
      else each.removeAttribute("aria-current");
    });
    const next = cover.cloneNode() as HTMLImageElement;
    const srcset = source.getAttribute("srcset");
    if (srcset) next.setAttribute("srcset", srcset);
    else next.removeAttribute("srcset");
    next.setAttribute("src", source.getAttribute("src") ?? "");
    next.alt = `${gallery.dataset.alt ?? ""} (image ${index + 1} of ${all.length})`;
    releaseCover?.();
    cover.replaceWith(next);
    releaseCover = enhanceImage(next);
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest("button");
    if (button && strip.contains(button)) choose(buttons().indexOf(button as HTMLButtonElement));
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
  return () => {
    releaseCover?.();
    strip.removeEventListener("click", onClick);
    strip.removeEventListener("keydown", onKeyDown);
  };
}
