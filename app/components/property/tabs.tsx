import { Fragment, type ReactNode, useId } from "react";

export interface TabItem {
  /** Stable key, also part of the ids. */
  key: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** The accessible name of the tab list. */
  label: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and
 * End jump to the ends, and only the active tab is in the tab order. Inactive panels stay in the
 * document, hidden, so lazy iframes inside them load only when shown. Rendered with the first
 * tab chosen; `enhanceTabPanels` (registered as `tabs`, decision 043) switches them.
 *
 * Without scripting the tab list is hidden and every panel shows, each under its own heading
 * (decision 026): tabs only a script can answer would look clickable and do nothing.
 */
export function Tabs({ items, label }: TabsProps) {
  const baseId = useId();
  const active = 0;

  return (
    <div className="tabs" data-enhance="tabs" data-active-class="tabs__tab--active">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.key}`}
            aria-controls={`${baseId}-panel-${item.key}`}
            aria-selected={index === active}
            tabIndex={index === active ? 0 : -1}
            className={index === active ? "tabs__tab tabs__tab--active" : "tabs__tab"}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <Fragment key={item.key}>
          {/* Shown only without scripting, where it stands in for the tab (listings.css). */}
          <h3 className="tabs__panel-heading">{item.label}</h3>
          <div
            role="tabpanel"
            id={`${baseId}-panel-${item.key}`}
            aria-labelledby={`${baseId}-tab-${item.key}`}
            hidden={index !== active}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: APG tabs: a panel without focusable content takes focus itself.
            tabIndex={0}
            className="tabs__panel"
          >
            {item.content}
          </div>
        </Fragment>
      ))}
    </div>
  );
}
