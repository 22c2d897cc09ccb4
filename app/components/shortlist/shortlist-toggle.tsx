import { useEffect, useRef } from "react";
import { Icon } from "../icons.tsx";
import { enhanceShortlistCount, enhanceShortlistToggle } from "./enhance-shortlist.ts";

export interface ShortlistToggleProps {
  code: string;
  /** The property's headline: the button's name says which property it keeps. */
  name: string;
  /** `label`: the word 'Shortlist' beside the heart (the detail page); `icon`: the heart alone. */
  look?: "icon" | "label";
  className?: string;
}

/**
 * The heart that keeps a property on the visitor's shortlist: a toggle button
 * (`aria-pressed`) named after the property. The server renders it hidden and not pressed
 * (without JavaScript nothing can be stored, and the page is the same for every visitor);
 * `enhanceShortlistToggle` shows it and owns `hidden` and `aria-pressed` from then on.
 */
export function ShortlistToggle({ code, name, look = "icon", className }: ShortlistToggleProps) {
  const ref = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again when the button shows another property
  useEffect(() => (ref.current ? enhanceShortlistToggle(ref.current) : undefined), [code]);
  return (
    <button
      ref={ref}
      type="button"
      className={`shortlist-toggle shortlist-toggle--${look}${className ? ` ${className}` : ""}`}
      aria-pressed="false"
      aria-label={`Shortlist ${name}`}
      data-enhance="shortlist-toggle"
      data-code={code}
      data-name={name}
      hidden
    >
      <Icon name="heart" size={look === "label" ? 20 : 18} />
      {look === "label" ? <span>Shortlist</span> : null}
    </button>
  );
}

/**
 * The header's link to the shortlist with its count, and the polite status that announces each
 * change. Hidden without JavaScript (nothing can be kept); `enhanceShortlistCount` shows it.
 */
export function ShortlistHeaderLink() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? enhanceShortlistCount(ref.current) : undefined), []);
  return (
    <div ref={ref} className="site-header__shortlist" data-enhance="shortlist-count">
      <a className="shortlist-link" href="/shortlist" data-shortlist-link hidden>
        <Icon name="heart" size={20} className="shortlist-link__icon" />
        <span className="shortlist-link__label">Shortlist</span>{" "}
        <span className="shortlist-link__count" data-shortlist-count>
          0
        </span>
        <span className="visually-hidden" data-shortlist-unit>
          {" properties"}
        </span>
      </a>
      <span className="visually-hidden" role="status" data-shortlist-status />
    </div>
  );
}
