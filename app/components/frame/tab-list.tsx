import { type KeyboardEvent, useRef } from "react";

export interface TabItem {
  /** Stable key, also used in the element ids. */
  id: string;
  label: string;
}

export interface TabListProps {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem[];
  selectedId: string;
  onSelect: (id: string) => void;
  /** Prefix of the tab and panel ids (see `tabIds`). */
  idPrefix: string;
  /** When every tab drives one shared panel, its id; otherwise each tab has its own panel. */
  sharedPanelId?: string;
  className?: string;
}

/** The ids of a tab and of the panel it controls (whitespace in `id` becomes '-': ids have none). */
export function tabIds(idPrefix: string, id: string) {
  const key = id.replace(/\s+/g, "-");
  return { tab: `${idPrefix}-tab-${key}`, panel: `${idPrefix}-panel-${key}` };
}

/**
 * An accessible tab list (WAI-ARIA tabs pattern, automatic activation): one tab stop, arrow
 * keys move between tabs (wrapping), Home and End jump to the first and last tab.
 */
export function TabList({
  label,
  items,
  selectedId,
  onSelect,
  idPrefix,
  sharedPanelId,
  className,
}: TabListProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.id === selectedId);
    let next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = current + 1;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = current - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return;
    event.preventDefault();
    const index = (next + items.length) % items.length;
    const item = items[index];
    if (!item) return;
    onSelect(item.id);
    refs.current[index]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tab-list ${className}` : "tab-list"}
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => {
        const ids = tabIds(idPrefix, item.id);
        const selected = item.id === selectedId;
        return (
          <button
            key={item.id}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={sharedPanelId ?? ids.panel}
            tabIndex={selected ? 0 : -1}
            className="tab-list__tab"
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
