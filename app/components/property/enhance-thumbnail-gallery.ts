/**
 * The detail page's photos (`ThumbnailGallery`, decisions 043, 048).
 *
 * The strip: choosing a thumbnail (click, Enter/Space) makes its image the cover and opens the
 * viewer on it; the arrow keys, Home and End along the strip make their image the cover without
 * opening anything. The new cover is a copy of the cover image with the chosen file's `src` and
 * `srcset`, read from the thumbnail's link (its image is never loaded, so never fallen back),
 * and the alt text 'headline (image 2 of 4)'. The cover's link then points at that image and
 * opens the viewer on it.
 *
 * The viewer is the server's closed `<dialog>`, opened with `showModal()` (the page behind it
 * inert, Escape closes it): previous and next by its buttons, the arrow keys, Home/End and a
 * horizontal swipe (pointer events); "n of m"; Tab and Shift+Tab go round its own controls;
 * on closing, focus goes back to the control that opened it. Its image takes each photo's
 * `srcset` with the viewer's `sizes` (the screen's width, or its height for a 3:2 photo on a
 * wide screen), and the next photo is fetched the same way while the current one is shown.
 *
 * @returns the cleanup, which removes the listeners.
 */
import { enhanceImage } from "../enhance-image.ts";

/** How far (CSS px) a mostly horizontal swipe must travel to change the photo. */
const swipeDistance = 40;

export function enhanceThumbnailGallery(gallery: HTMLElement): () => void {
  const strip = gallery.querySelector<HTMLElement>(".thumbnail-gallery__strip");
  const opener = gallery.querySelector<HTMLAnchorElement>(".thumbnail-gallery__open");
  const viewer = gallery.querySelector<HTMLDialogElement>("dialog.photo-viewer");
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

  /** A copy of `image` showing photo `index`: its file and derivatives, and its alt text. */
  function showing(image: HTMLImageElement, index: number): HTMLImageElement | undefined {
    const all = sources();
    const link = all[index];
    if (!link) return undefined;
    const next = image.cloneNode() as HTMLImageElement;
    const srcset = link.querySelector("img")?.getAttribute("srcset");
    if (srcset) next.setAttribute("srcset", srcset);
    else next.removeAttribute("srcset");
    next.setAttribute("src", link.getAttribute("href") ?? "");
    next.alt = label(index, all.length);
    return next;
  }

  function choose(index: number) {
    const all = buttons();
    const cover = gallery.querySelector<HTMLImageElement>(".thumbnail-gallery__cover img");
    const next = cover && showing(cover, index);
    if (!all[index] || !cover || !next) return;
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
      const index = buttons().indexOf(button as HTMLButtonElement);
      choose(index);
      open(index, button);
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

  // ---- The viewer ----
  let viewerIndex = 0;
  let returnFocus: HTMLElement | null = null;
  let releaseViewerImage: (() => void) | undefined;
  /** Photos fetched ahead, kept so their requests are not dropped with the element. */
  const preloaded = new Map<number, HTMLImageElement>();

  function viewerImage() {
    return viewer?.querySelector<HTMLImageElement>(".photo-viewer__image") ?? null;
  }

  function show(index: number) {
    const total = sources().length;
    const image = viewerImage();
    if (!viewer || !image || total === 0) return;
    viewerIndex = (index + total) % total;
    const next = showing(image, viewerIndex);
    if (!next) return;
    next.loading = "eager";
    releaseViewerImage?.();
    image.replaceWith(next);
    releaseViewerImage = enhanceImage(next);
    const count = viewer.querySelector(".photo-viewer__count");
    if (count) count.textContent = `${viewerIndex + 1} of ${total}`;
    if (total > 1) preload((viewerIndex + 1) % total);
  }

  /** Fetches photo `index` at the size the viewer will ask for, before it is shown. */
  function preload(index: number) {
    const link = sources()[index];
    if (!link || preloaded.has(index)) return;
    const image = new Image();
    image.decoding = "async";
    const sizes = viewerImage()?.getAttribute("sizes");
    if (sizes) image.sizes = sizes;
    const srcset = link.querySelector("img")?.getAttribute("srcset");
    if (srcset) image.srcset = srcset;
    image.src = link.getAttribute("href") ?? "";
    preloaded.set(index, image);
  }

  function open(index: number, from: HTMLElement) {
    if (!viewer || viewer.open) return;
    returnFocus = from;
    show(index);
    viewer.showModal();
  }

  if (viewer) {
    opener?.setAttribute("aria-haspopup", "dialog");
    const onOpenerClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return; // a new tab or window still gets the image itself
      }
      event.preventDefault();
      if (opener) open(coverIndex, opener);
    };
    const onViewerClick = (event: MouseEvent) => {
      const target = event.target as Element;
      const button = target.closest<HTMLButtonElement>("button");
      if (button?.classList.contains("photo-viewer__close")) viewer.close();
      else if (button?.dataset.step) show(viewerIndex + Number(button.dataset.step));
    };
    const onViewerKeyDown = (event: KeyboardEvent) => {
      const total = sources().length;
      if (event.key === "Tab") {
        // Round the viewer's own controls: the page behind is inert, but the browser would
        // otherwise leave the document for its own toolbar.
        const controls = [...viewer.querySelectorAll<HTMLElement>("button")].filter(
          (control) => control.offsetParent !== null || control === document.activeElement,
        );
        const first = controls[0];
        const last = controls.at(-1);
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !viewer.contains(active))) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && (active === last || !viewer.contains(active))) {
          event.preventDefault();
          first?.focus();
        }
        return;
      }
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      const jump = { Home: 0, End: total - 1 }[event.key];
      if (step === undefined && jump === undefined) return;
      event.preventDefault();
      show(jump ?? viewerIndex + (step ?? 0));
    };
    const onClose = () => {
      const target = returnFocus;
      returnFocus = null;
      if (target?.isConnected) target.focus();
    };

    // A horizontal swipe on the photo: pointer events (touch, pen or a mouse drag).
    const stage = viewer.querySelector<HTMLElement>(".photo-viewer__stage");
    let start: { id: number; x: number; y: number } | undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!event.isPrimary) return;
      start = { id: event.pointerId, x: event.clientX, y: event.clientY };
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      start = undefined;
      if (Math.abs(dx) >= swipeDistance && Math.abs(dx) > Math.abs(dy)) {
        show(viewerIndex + (dx < 0 ? 1 : -1));
      }
    };
    const onPointerCancel = () => {
      start = undefined;
    };
    // A dragged image would start the browser's own drag and drop instead of a swipe.
    const onDragStart = (event: DragEvent) => event.preventDefault();

    opener?.addEventListener("click", onOpenerClick);
    viewer.addEventListener("click", onViewerClick);
    viewer.addEventListener("keydown", onViewerKeyDown);
    viewer.addEventListener("close", onClose);
    stage?.addEventListener("pointerdown", onPointerDown);
    stage?.addEventListener("pointerup", onPointerUp);
    stage?.addEventListener("pointercancel", onPointerCancel);
    stage?.addEventListener("dragstart", onDragStart);
    cleanups.push(() => {
      opener?.removeEventListener("click", onOpenerClick);
      viewer.removeEventListener("click", onViewerClick);
      viewer.removeEventListener("keydown", onViewerKeyDown);
      viewer.removeEventListener("close", onClose);
      stage?.removeEventListener("pointerdown", onPointerDown);
      stage?.removeEventListener("pointerup", onPointerUp);
      stage?.removeEventListener("pointercancel", onPointerCancel);
      stage?.removeEventListener("dragstart", onDragStart);
    });
  }

  return () => {
    releaseCover?.();
    releaseViewerImage?.();
    for (const cleanup of cleanups) cleanup();
  };
}
