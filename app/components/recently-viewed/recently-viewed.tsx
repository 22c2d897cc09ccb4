import { useId } from "react";
import { fallbackImageUrl, useSiteSettings } from "../../site-settings.ts";

export interface RecentlyViewedProps {
  /** The property page's home: remembered as viewed, and left out of the list shown. */
  currentCode?: string;
  /** Whether the page remembers `currentCode` (not the back office's preview of a draft). */
  remember?: boolean;
  className?: string;
}

/**
 * 'Recently viewed': the homes this browser viewed last (decision 077), on the property page and
 * /shortlist. The server renders it hidden and empty, the same for every visitor (decision 031);
 * `enhanceRecentlyViewed` remembers the page's home, fills the list from the cards of the
 * shortlist page of the stored codes and shows it. Without JavaScript it stays absent. The
 * card's markup is the `<template>` here, so what the script shows is the server's.
 */
export function RecentlyViewed({ currentCode, remember = true, className }: RecentlyViewedProps) {
  const headingId = useId();
  const { imageBaseUrl } = useSiteSettings();
  return (
    <section
      className={`recently-viewed${className ? ` ${className}` : ""}`}
      aria-labelledby={headingId}
      data-enhance="recently-viewed"
      data-current-code={currentCode}
      data-remember={currentCode && remember ? "true" : undefined}
      hidden
    >
      <div className="recently-viewed__head">
        <h2 id={headingId} className="recently-viewed__title" tabIndex={-1}>
          Recently viewed
        </h2>
        <button type="button" className="recently-viewed__clear" data-recent-clear>
          Clear<span className="visually-hidden"> recently viewed homes</span>
        </button>
      </div>
      <ul className="recently-viewed__list" data-recent-list />
      <p className="recently-viewed__status" role="status" data-recent-status />
      <template data-template="viewed-card">
        <li className="viewed-card">
          <a className="viewed-card__link" href="/property">
            <img
              className="viewed-card__image"
              src={fallbackImageUrl(imageBaseUrl)}
              alt=""
              width={160}
              height={120}
              loading="lazy"
              decoding="async"
              data-fallback={fallbackImageUrl(imageBaseUrl)}
            />
            <span className="viewed-card__text">
              <span className="viewed-card__title">-</span>
              <span className="viewed-card__price">-</span>
            </span>
          </a>
        </li>
      </template>
    </section>
  );
}
