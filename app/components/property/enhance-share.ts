/**
 * The share box (ShareBox) on its rendered HTML, with or without React. Without JavaScript
 * 'Copy link' is a plain link to the page's canonical URL (open, bookmark or copy it from the
 * browser's menu) and the other links work as they are. This adds:
 * - 'Copy link' copies the URL to the clipboard and says so in the box's live status;
 * - 'Share…' (hidden in the HTML) appears where the browser has the Web Share API, and opens
 *   its share sheet with the page's title and URL.
 *
 * @returns the cleanup, which removes the listeners.
 */
export function enhanceShare(box: HTMLElement): () => void {
  const copy = box.querySelector<HTMLAnchorElement>("a[data-share='copy']");
  const native = box.querySelector<HTMLButtonElement>("button[data-share='native']");
  const status = box.querySelector<HTMLElement>("[data-share-status]");
  const url = box.dataset.shareUrl ?? window.location.href;
  const title = box.dataset.shareTitle ?? document.title;
  const say = (text: string) => {
    if (status) status.textContent = text;
  };

  const onCopy = (event: MouseEvent) => {
    if (!navigator.clipboard?.writeText) return;
    event.preventDefault();
    navigator.clipboard.writeText(url).then(
      () => say("Link copied"),
      () => say("Could not copy the link: copy it from the address bar"),
    );
  };
  const onNative = () => {
    navigator.share?.({ title, url }).catch(() => {
      // Cancelled by the visitor, or refused: nothing to say.
    });
  };
  copy?.addEventListener("click", onCopy);
  if (native && typeof navigator.share === "function") {
    native.hidden = false;
    native.addEventListener("click", onNative);
  }
  return () => {
    copy?.removeEventListener("click", onCopy);
    native?.removeEventListener("click", onNative);
  };
}
