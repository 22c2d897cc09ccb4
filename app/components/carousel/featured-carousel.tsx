import { type ReactNode, useId } from "react";
import { Icon } from "../icons.tsx";
import { PlayPauseIcons } from "./play-pause-icons.tsx";

export interface FeaturedCarouselProps<T> {
  /** Accessible name of the carousel. */
  label: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
}

/**
 * The layout 3 carousel (SPEC §2, §9): 4 slides at a time (3 below 1024 px, 2 below 768 px,
 * 1 below 480 px; widths set in CSS so the server-rendered page already has them), with
 * previous/next buttons and a play/pause button. Server HTML standing still;
 * `enhanceFeaturedCarousel` loads Embla and moves it (decisions 021, 043).
 */
export function FeaturedCarousel<T>({
  label,
  items,
  itemKey,
  renderItem,
}: FeaturedCarouselProps<T>) {
  const id = useId();

  return (
    <section
      className="featured-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-enhance="featured-carousel"
    >
      <div className="featured-carousel__controls">
        <button
          type="button"
          className="icon-button"
          aria-label="Previous slides"
          aria-controls={`${id}-track`}
          data-step="-1"
        >
          <Icon name="chevronLeft" />
        </button>
        <button
          type="button"
          className="icon-button featured-carousel__toggle"
          aria-label="Play carousel"
          aria-controls={`${id}-track`}
          data-playing="false"
        >
          <PlayPauseIcons />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Next slides"
          aria-controls={`${id}-track`}
          data-step="1"
        >
          <Icon name="chevronRight" />
        </button>
      </div>
      <div className="featured-carousel__viewport">
        <div className="featured-carousel__container" id={`${id}-track`} aria-live="polite">
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
