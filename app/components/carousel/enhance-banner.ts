import { prefersReducedMotion } from "./reduced-motion.ts";

/** Milliseconds each banner slide stays before the next one while playing. */
export const bannerInterval = 6000;

/**
 * The home banner's behaviour (SPEC §2 'Home') on its rendered HTML (BannerCarousel), with or
 * without React (decision 021): previous/next buttons (`data-step`), dots, arrow keys; autoplay
 * every `interval` ms with a pause button, held while the banner is hovered or focused, and off
 * when the visitor prefers reduced motion. Only the shown slide is reachable (the others are
 * inert), and the slides are announced politely whenever they do not change by themselves.
 *
 * @returns the cleanup, which stops the slideshow and removes the listeners.
 */
export function enhanceBanner(banner: HTMLElement, interval = bannerInterval): () => void {
  const slides = [...banner.querySelectorAll<HTMLElement>(".banner__slide")];
  const dots = [...banner.querySelectorAll<HTMLElement>(".banner__dot")];
  const toggle = banner.querySelector<HTMLElement>(".banner__toggle");
  const region = banner.querySelector<HTMLElement>(".banner__slides");
  const count = slides.length;
  if (count < 2) return () => {};

  let index = Math.max(
    0,
    slides.findIndex((slide) => slide.classList.contains("banner__slide--active")),
  );
  let playing = toggle?.dataset.playing !== "false" && !prefersReducedMotion();
  let held = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  function show(position: number) {
    index = (position + count) % count;
    for (const [each, slide] of slides.entries()) {
      const active = each === index;
      slide.classList.toggle("banner__slide--active", active);
      slide.inert = !active;
    }
    for (const [each, dot] of dots.entries()) {
      if (each === index) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    }
  }

  /** Starts or stops the slideshow after `playing` or `held` changed. */
  function update() {
    const moving = playing && !held;
    region?.setAttribute("aria-live", moving ? "off" : "polite");
    if (toggle) {
      toggle.dataset.playing = String(playing);
      toggle.setAttribute("aria-label", playing ? "Pause slideshow" : "Play slideshow");
    }
    clearInterval(timer);
    timer = moving ? setInterval(() => show(index + 1), interval) : undefined;
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>("button");
    if (!button || !banner.contains(button)) return;
    if (button === toggle) {
      playing = !playing;
      update();
    } else if (button.dataset.step) {
      show(index + Number(button.dataset.step));
    } else if (dots.includes(button)) {
      show(dots.indexOf(button));
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.target as Element).closest("input, select, textarea")) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    show(index + (event.key === "ArrowLeft" ? -1 : 1));
  };
  const hold = (value: boolean) => {
    if (held === value) return;
    held = value;
    update();
  };
  const onMouseEnter = () => hold(true);
  const onMouseLeave = () => hold(false);
  const onFocusIn = () => hold(true);
  const onFocusOut = (event: FocusEvent) => {
    if (!banner.contains(event.relatedTarget as Node | null)) hold(false);
  };

  // The other slides stay out of the layout (CSS) until the page has loaded, so that their
  // images do not share a phone's bandwidth with the first one, the page's largest paint.
  const revealSlides = () => {
    banner.dataset.slidesReady = "true";
  };
  if (document.readyState === "complete") revealSlides();
  else window.addEventListener("load", revealSlides, { once: true });

  banner.addEventListener("click", onClick);
  banner.addEventListener("keydown", onKeyDown);
  banner.addEventListener("mouseenter", onMouseEnter);
  banner.addEventListener("mouseleave", onMouseLeave);
  banner.addEventListener("focusin", onFocusIn);
  banner.addEventListener("focusout", onFocusOut);
  held = banner.matches(":hover, :focus-within");
  show(index);
  update();
  return () => {
    clearInterval(timer);
    window.removeEventListener("load", revealSlides);
    banner.removeEventListener("click", onClick);
    banner.removeEventListener("keydown", onKeyDown);
    banner.removeEventListener("mouseenter", onMouseEnter);
    banner.removeEventListener("mouseleave", onMouseLeave);
    banner.removeEventListener("focusin", onFocusIn);
    banner.removeEventListener("focusout", onFocusOut);
  };
}
