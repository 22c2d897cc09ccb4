/**
 * The full-screen photo viewer's behaviour (decision 048), for any server-rendered closed
 * `<dialog class="photo-viewer">` and a list of full-size image links: the detail page's photos
 * (`enhanceThumbnailGallery`) and its floor plans (`enhanceFloorPlans`, decision 052).
 *
 * Opened with `showModal()` (the page behind it inert, Escape closes it): previous and next by
 * its buttons, the arrow keys, Home/End and a horizontal swipe (pointer events); "n of m"; Tab
 * and Shift+Tab go round its own controls; on closing, focus goes back to the control that
 * opened it. Its image takes each link's `srcset` with the viewer's `sizes`, and the next image
 * is fetched the same way while the current one is shown.
 */
import { enhanceImage } from "../enhance-image.ts";

/** How far (CSS px) a mostly horizontal swipe must travel to change the photo. */
const swipeDistance = 40;

/**
 * A copy of `image` showing the image `link` leads to: its file and derivatives (the `srcset`
 * of the link's own image), and `alt`.
 */
export function imageShowing(
  image: HTMLImageElement,
  link: HTMLAnchorElement,
  alt: string,
): HTMLImageElement {
  const next = image.cloneNode() as HTMLImageElement;
  const srcset = link.querySelector("img")?.getAttribute("srcset");
  if (srcset) next.setAttribute("srcset", srcset);
  else next.removeAttribute("srcset");
  next.setAttribute("src", link.getAttribute("href") ?? "");
  next.alt = alt;
  return next;
}

export interface PhotoViewerOptions {
  /** Each image's full-size link, in order. */
  sources(): HTMLAnchorElement[];
  /** The alt text of image `index` of `total`. */
  altOf(index: number, total: number, link: HTMLAnchorElement): string;
}

export interface PhotoViewer {
  /** Opens the viewer on image `index`; focus returns to `from` when it closes. */
  open(index: number, from: HTMLElement): void;
  /** Removes the listeners. */
  release(): void;
}

export function attachPhotoViewer(
  viewer: HTMLDialogElement,
  { sources, altOf }: PhotoViewerOptions,
): PhotoViewer {
  let viewerIndex = 0;
  let returnFocus: HTMLElement | null = null;
  let releaseViewerImage: (() => void) | undefined;
  /** Photos fetched ahead, kept so their requests are not dropped with the element. */
  const preloaded = new Map<number, HTMLImageElement>();

  function viewerImage() {
    return viewer.querySelector<HTMLImageElement>(".photo-viewer__image");
  }

  function show(index: number) {
    const all = sources();
    const total = all.length;
    const image = viewerImage();
    if (!image || total === 0) return;
    viewerIndex = (index + total) % total;
    const link = all[viewerIndex];
    if (!link) return;
    const next = imageShowing(image, link, altOf(viewerIndex, total, link));
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
    if (viewer.open) return;
    returnFocus = from;
    show(index);
    viewer.showModal();
  }

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

  viewer.addEventListener("click", onViewerClick);
  viewer.addEventListener("keydown", onViewerKeyDown);
  viewer.addEventListener("close", onClose);
  stage?.addEventListener("pointerdown", onPointerDown);
  stage?.addEventListener("pointerup", onPointerUp);
  stage?.addEventListener("pointercancel", onPointerCancel);
  stage?.addEventListener("dragstart", onDragStart);

  return {
    open,
    release() {
      releaseViewerImage?.();
      viewer.removeEventListener("click", onViewerClick);
      viewer.removeEventListener("keydown", onViewerKeyDown);
      viewer.removeEventListener("close", onClose);
      stage?.removeEventListener("pointerdown", onPointerDown);
      stage?.removeEventListener("pointerup", onPointerUp);
      stage?.removeEventListener("pointercancel", onPointerCancel);
      stage?.removeEventListener("dragstart", onDragStart);
    },
  };
}

/** True for a click that should open the viewer: a plain primary click (not a new tab). */
export function isPlainClick(event: MouseEvent): boolean {
  return !(event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
