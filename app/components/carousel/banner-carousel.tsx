import { useId } from "react";
import { Link } from "react-router";
import type { Slider } from "../../../lib/api-contract.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { PlayPauseIcons } from "./play-pause-icons.tsx";

export interface BannerCarouselProps {
  sliders: readonly Slider[];
}

function SliderLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: string;
}) {
  if (href.startsWith("/") && !href.startsWith("//")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

/**
 * SPEC §2's 'Learn More' to /about: those words exactly are what the link shows. A visually
 * hidden ' about us' completes its text, which is what search engines and Lighthouse's
 * link-text audit read (a link whose whole text is 'Learn More' says nothing of where it goes),
 * and the name screen readers and link lists give it; the visible words begin that name, so
 * speaking them still finds it (decision 071).
 */
function LearnMoreLink() {
  return (
    <Link to="/about" className="button button--ghost-light">
      Learn More<span className="visually-hidden"> about us</span>
    </Link>
  );
}

/**
 * The home banner (SPEC §2 'Home'): one slide per slider with its title and the buttons
 * 'Get Started Now' (the slider's link) and 'Learn More' (/about), previous/next buttons, dots
 * and a pause button. Server HTML with the first slide shown and the slideshow playing; what
 * moves it is `enhanceBanner` (decisions 021, 043).
 */
export function BannerCarousel({ sliders }: BannerCarouselProps) {
  const count = sliders.length;
  const id = useId();

  if (count === 0) {
    return (
      <section className="banner banner--empty" aria-label="Welcome">
        <div className="banner__content">
          <p className="banner__title">Find the home that fits your life</p>
          <div className="banner__actions">
            <LearnMoreLink />
          </div>
        </div>
      </section>
    );
  }

  return (
    <section
      className="banner"
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-enhance="banner"
    >
      <div className="banner__slides" id={`${id}-slides`} aria-live="off">
        {sliders.map((slider, position) => {
          const active = position === 0;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: sliders are a fixed list and may repeat titles
              key={position}
              className={active ? "banner__slide banner__slide--active" : "banner__slide"}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              inert={!active}
            >
              <ResponsiveImage
                className="banner__image"
                folder="sliders"
                file={slider.image_url}
                alt={slider.title}
                width={1920}
                height={900}
                sizes={imageSizes.banner}
                priority={position === 0}
              />
              <div className="banner__shade" />
              <div className="banner__content">
                <h2 className="banner__title">{slider.title}</h2>
                <div className="banner__actions">
                  <SliderLink href={slider.link || "/"} className="button button--accent">
                    Get Started Now
                  </SliderLink>
                  <LearnMoreLink />
                </div>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="banner__controls">
          <button
            type="button"
            className="icon-button banner__arrow"
            aria-label="Previous slide"
            aria-controls={`${id}-slides`}
            data-step="-1"
          >
            <Icon name="chevronLeft" />
          </button>
          <ul className="banner__dots">
            {sliders.map((_slider, position) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
              <li key={position}>
                <button
                  type="button"
                  className="banner__dot"
                  aria-label={`Show slide ${position + 1} of ${count}`}
                  aria-current={position === 0 ? "true" : undefined}
                  aria-controls={`${id}-slides`}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="icon-button banner__arrow"
            aria-label="Next slide"
            aria-controls={`${id}-slides`}
            data-step="1"
          >
            <Icon name="chevronRight" />
          </button>
          <button
            type="button"
            className="icon-button banner__toggle"
            aria-label="Pause slideshow"
            data-playing="true"
          >
            <PlayPauseIcons />
          </button>
        </div>
      ) : null}
    </section>
  );
}
