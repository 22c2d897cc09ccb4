import type { EmblaCarouselType } from "embla-carousel";
import type { AutoplayType } from "embla-carousel-autoplay";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Icon } from "../icons.tsx";
import { prefersReducedMotion, usePrefersReducedMotion } from "./reduced-motion.ts";

/** SPEC §9: the carousel moves on every 3000 ms. */
export const featuredAutoplayDelay = 3000;

let emblaModules:
  | Promise<[typeof import("embla-carousel"), typeof import("embla-carousel-autoplay")]>
  | undefined;

/**
 * Embla and its Autoplay plugin, fetched once and only in the browser: a separate chunk, so the
 * home page's first load does not carry the ~8 KB (gzipped) that only move the slides.
 */
function loadEmbla() {
  emblaModules ??= Promise.all([import("embla-carousel"), import("embla-carousel-autoplay")]);
  return emblaModules;
}

/** Without Embla (its chunk failed to load) the slides stay as the server rendered them. */
function ignoreLoadFailure() {}

export interface FeaturedCarouselProps<T> {
  /** Accessible name of the carousel. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * The layout 3 carousel (SPEC §2, §9): 4 slides at a time (3 below 1024 px, 2 below 768 px,
 * 1 below 480 px; widths set in CSS so the server-rendered page already has them), looping,
 * moving every 3000 ms. A pause/play button and previous/next buttons; autoplay stops for good
 * once the visitor drags or focuses a slide, and does not start for reduced motion (where the
 * slides also jump instead of sliding). Embla arrives after hydration (`loadEmbla`); until then
 * the server-rendered slides stand still, already laid out.
 */
export function FeaturedCarousel<T>({
  label,
  items,
  itemKey,
  renderItem,
}: FeaturedCarouselProps<T>) {
  const reducedMotion = usePrefersReducedMotion();
  const viewportRef = useRef<HTMLDivElement>(null);
  const [carousel, setCarousel] = useState<{ embla: EmblaCarouselType; autoplay: AutoplayType }>();
  const [playing, setPlaying] = useState(false);
  const id = useId();

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let embla: EmblaCarouselType | undefined;
    let unmounted = false;
    loadEmbla().then(([{ default: EmblaCarousel }, { default: Autoplay }]) => {
      if (unmounted) return;
      const autoplay = Autoplay({
        delay: featuredAutoplayDelay,
        playOnInit: false,
        stopOnInteraction: true,
        // Played by choice under reduced motion, the slides change without the sliding.
        jump: prefersReducedMotion(),
      });
      embla = EmblaCarousel(viewport, { loop: true, align: "start" }, [autoplay]);
      setCarousel({ embla, autoplay });
    }, ignoreLoadFailure);
    return () => {
      unmounted = true;
      embla?.destroy();
    };
  }, []);

  useEffect(() => {
    if (!carousel) return;
    const { embla, autoplay } = carousel;
    // The plugin emits its events before it updates isPlaying(), so each event says the state.
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    const sync = () => setPlaying(autoplay.isPlaying());
    embla.on("autoplay:play", onPlay).on("autoplay:stop", onStop).on("reInit", sync);
    if (!prefersReducedMotion()) autoplay.play();
    sync();
    return () => {
      embla.off("autoplay:play", onPlay).off("autoplay:stop", onStop).off("reInit", sync);
    };
  }, [carousel]);

  const scroll = useCallback(
    (direction: "prev" | "next") => {
      if (!carousel) return;
      const { embla, autoplay } = carousel;
      // Reduced motion: the slides jump instead of sliding.
      if (direction === "prev") embla.scrollPrev(reducedMotion);
      else embla.scrollNext(reducedMotion);
      autoplay.reset();
    },
    [carousel, reducedMotion],
  );

  const toggle = useCallback(() => {
    if (!carousel) return;
    if (carousel.autoplay.isPlaying()) carousel.autoplay.stop();
    else carousel.autoplay.play();
  }, [carousel]);

  return (
    <section
      className="featured-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      // Set once Embla has loaded and the controls work (tests wait for it).
      data-ready={carousel ? "true" : undefined}
    >
      <div className="featured-carousel__controls">
        <button
          type="button"
          className="icon-button"
          aria-label="Previous slides"
          aria-controls={`${id}-track`}
          onClick={() => scroll("prev")}
        >
          <Icon name="chevronLeft" />
        </button>
        <button
          type="button"
          className="icon-button featured-carousel__toggle"
          aria-label={playing ? "Pause carousel" : "Play carousel"}
          aria-controls={`${id}-track`}
          onClick={toggle}
        >
          <Icon name={playing ? "pause" : "play"} size={16} />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Next slides"
          aria-controls={`${id}-track`}
          onClick={() => scroll("next")}
        >
          <Icon name="chevronRight" />
        </button>
      </div>
      <div className="featured-carousel__viewport" ref={viewportRef}>
        <div
          className="featured-carousel__container"
          id={`${id}-track`}
          aria-live={playing ? "off" : "polite"}
        >
          {items.map((item, position) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
            <div
              key={itemKey(item)}
              className="featured-carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${items.length}`}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
