import type { EmblaCarouselType } from "embla-carousel";
import type { AutoplayType } from "embla-carousel-autoplay";
import { prefersReducedMotion } from "./reduced-motion.ts";

/** SPEC §9: the carousel moves on every 3000 ms. */
export const featuredAutoplayDelay = 3000;

type EmblaModules = [typeof import("embla-carousel"), typeof import("embla-carousel-autoplay")];

let emblaModules: Promise<EmblaModules> | undefined;

/**
 * Embla and its Autoplay plugin, fetched once and only in the browser: a separate chunk, so the
 * home page's first load does not carry the ~8 KB (gzipped) that only move the slides.
 */
function loadEmbla() {
  emblaModules ??= Promise.all([import("embla-carousel"), import("embla-carousel-autoplay")]);
  return emblaModules;
}

/**
 * How near the viewport the carousel must come for Embla to load and start before the page has
 * finished loading. Otherwise it starts on the window's load event: the carousel scrolls by
 * itself from the first seconds (SPEC §2), and its chunk does not compete with the banner image
 * on a phone's first load (Lighthouse's LCP, decision 021).
 */
const emblaMargin = "300px 0px";

/** Without Embla (its chunk failed to load) the slides stay as the server rendered them. */
function ignoreLoadFailure() {}

/**
 * The layout 3 carousel's behaviour (SPEC §2, §9) on its rendered HTML (FeaturedCarousel), with
 * or without React (decision 021). Embla loads on the window's load event, or before it once the
 * carousel comes within `emblaMargin` of the viewport; until then the slides stand still, already
 * laid out by CSS, and the buttons do nothing. Then: looping, moving every 3000 ms; previous/next buttons (`data-step`) and a
 * pause/play button; autoplay stops for good once the visitor drags or focuses a slide, and
 * does not start for reduced motion (where the slides also jump instead of sliding). The
 * section gets `data-ready="true"` once the buttons work (tests wait for it).
 *
 * @returns the cleanup, which stops the carousel and removes the listeners.
 */
export function enhanceFeaturedCarousel(section: HTMLElement): () => void {
  const viewport = section.querySelector<HTMLElement>(".featured-carousel__viewport");
  const track = section.querySelector<HTMLElement>(".featured-carousel__container");
  const toggle = section.querySelector<HTMLElement>(".featured-carousel__toggle");
  if (!viewport) return () => {};
  let started: { carousel: EmblaCarouselType; autoplay: AutoplayType } | undefined;
  let stopped = false;

  const showPlaying = (playing: boolean) => {
    track?.setAttribute("aria-live", playing ? "off" : "polite");
    if (!toggle) return;
    toggle.dataset.playing = String(playing);
    toggle.setAttribute("aria-label", playing ? "Pause carousel" : "Play carousel");
  };

  const start = ([{ default: EmblaCarousel }, { default: Autoplay }]: EmblaModules) => {
    if (stopped) return;
    const autoplay = Autoplay({
      delay: featuredAutoplayDelay,
      playOnInit: false,
      stopOnInteraction: true,
      // Played by choice under reduced motion, the slides change without the sliding.
      jump: prefersReducedMotion(),
    });
    const carousel = EmblaCarousel(viewport, { loop: true, align: "start" }, [autoplay]);
    started = { carousel, autoplay };
    // The plugin emits its events before it updates isPlaying(), so each event says the state.
    carousel
      .on("autoplay:play", () => showPlaying(true))
      .on("autoplay:stop", () => showPlaying(false))
      .on("reInit", () => showPlaying(autoplay.isPlaying()));
    if (!prefersReducedMotion()) autoplay.play();
    showPlaying(autoplay.isPlaying());
    section.dataset.ready = "true";
  };
  const startOnce = () => {
    nearby.disconnect();
    window.removeEventListener("load", startOnce);
    loadEmbla().then(start, ignoreLoadFailure);
  };
  const nearby = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) startOnce();
    },
    { rootMargin: emblaMargin },
  );
  if (document.readyState === "complete") startOnce();
  else {
    nearby.observe(section);
    window.addEventListener("load", startOnce);
  }

  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>("button");
    if (!started || !button || !section.contains(button)) return;
    const { carousel, autoplay } = started;
    if (button === toggle) {
      if (autoplay.isPlaying()) autoplay.stop();
      else autoplay.play();
    } else if (button.dataset.step) {
      // Reduced motion: the slides jump instead of sliding.
      const jump = prefersReducedMotion();
      if (button.dataset.step === "-1") carousel.scrollPrev(jump);
      else carousel.scrollNext(jump);
      autoplay.reset();
    }
  };
  section.addEventListener("click", onClick);

  return () => {
    stopped = true;
    nearby.disconnect();
    window.removeEventListener("load", startOnce);
    section.removeEventListener("click", onClick);
    started?.carousel.destroy();
    delete section.dataset.ready;
  };
}
