import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { Icon } from "../icons.tsx";
import { prefersReducedMotion, usePrefersReducedMotion } from "./reduced-motion.ts";

/** SPEC §9: the carousel moves on every 3000 ms. */
export const featuredAutoplayDelay = 3000;

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
 * slides also jump instead of sliding).
 */
export function FeaturedCarousel<T>({
  label,
  items,
  itemKey,
  renderItem,
}: FeaturedCarouselProps<T>) {
  const reducedMotion = usePrefersReducedMotion();
  const [autoplay] = useState(() =>
    Autoplay({
      delay: featuredAutoplayDelay,
      playOnInit: false,
      stopOnInteraction: true,
      // Played by choice under reduced motion, the slides change without the sliding.
      jump: prefersReducedMotion(),
    }),
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "start" }, [autoplay]);
  const [playing, setPlaying] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!embla) return;
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
  }, [embla, autoplay]);

  const scroll = useCallback(
    (direction: "prev" | "next") => {
      if (!embla) return;
      // Reduced motion: the slides jump instead of sliding.
      if (direction === "prev") embla.scrollPrev(reducedMotion);
      else embla.scrollNext(reducedMotion);
      autoplay.reset();
    },
    [embla, autoplay, reducedMotion],
  );

  const toggle = useCallback(() => {
    if (!embla) return;
    if (autoplay.isPlaying()) autoplay.stop();
    else autoplay.play();
  }, [embla, autoplay]);

  return (
    <section className="featured-carousel" aria-roledescription="carousel" aria-label={label}>
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
