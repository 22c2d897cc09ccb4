/**
 * The Video tab's YouTube poster (PropertyVideo) on its server HTML. Without JavaScript the
 * poster is a link to the video on YouTube. This makes pressing it (click, Enter) put the
 * youtube-nocookie.com player in the poster's place, starting at once, and moves focus to the
 * player: the page asks YouTube for nothing before that (decision 049).
 *
 * @returns the cleanup, which removes the listener.
 */
export function enhanceVideo(box: HTMLElement): () => void {
  const poster = box.querySelector<HTMLAnchorElement>(".property-video__poster");
  const src = box.dataset.videoSrc;
  if (!poster || !src?.startsWith("https://www.youtube-nocookie.com/embed/")) {
    return () => {};
  }
  const play = (event: MouseEvent) => {
    // A new tab or window (modifier keys, middle button) keeps the link's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    const frame = document.createElement("iframe");
    frame.src = src;
    frame.title = box.dataset.videoTitle ?? "Video";
    frame.allow =
      "accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen";
    frame.referrerPolicy = "strict-origin-when-cross-origin";
    frame.allowFullscreen = true;
    poster.replaceWith(frame);
    box.querySelector(".property-video__notice")?.remove();
    frame.focus();
  };
  poster.addEventListener("click", play);
  return () => poster.removeEventListener("click", play);
}
