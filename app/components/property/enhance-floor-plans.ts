/**
 * The Floor Plans tab (`FloorPlans`, decision 052): each image plan is a link to its full-size
 * image; with this script a plain click on one opens the tab's own full-screen viewer on it
 * (./photo-viewer.ts, the photos' viewer of decision 048), where previous and next go through
 * the property's image plans. A PDF plan stays a link. A modified click (new tab) keeps the link.
 *
 * @returns the cleanup, which removes the listeners.
 */
import { attachPhotoViewer, isPlainClick } from "./photo-viewer.ts";

export function enhanceFloorPlans(element: HTMLElement): () => void {
  const dialog = element.querySelector<HTMLDialogElement>("dialog.photo-viewer");
  const links = () => [...element.querySelectorAll<HTMLAnchorElement>("a.floor-plans__open")];
  if (!dialog) return () => {};
  const viewer = attachPhotoViewer(dialog, {
    sources: links,
    altOf: (_index, _total, link) => link.querySelector("img")?.alt ?? "",
  });
  for (const link of links()) link.setAttribute("aria-haspopup", "dialog");
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a.floor-plans__open");
    if (!link || !element.contains(link) || !isPlainClick(event)) return;
    event.preventDefault();
    viewer.open(links().indexOf(link), link);
  };
  element.addEventListener("click", onClick);
  return () => {
    element.removeEventListener("click", onClick);
    viewer.release();
  };
}
