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
 * keys move between tabs (wrapping), Home and End jump to the first and last tab. Each tab
 * carries its item's id as `data-value`. Server HTML: the enclosing element's enhancer runs the
 * tabs (`enhanceTabPanels`, or the home search panel's `enhanceSearchPanel`; decision 043).
 */
export function TabList({
  label,
  items,
  selectedId,
  idPrefix,
  sharedPanelId,
  className,
}: TabListProps) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tab-list ${className}` : "tab-list"}
    >
      {items.map((item) => {
        const ids = tabIds(idPrefix, item.id);
        const selected = item.id === selectedId;
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={ids.tab}
            data-value={item.id}
            aria-selected={selected}
            aria-controls={sharedPanelId ?? ids.panel}
            tabIndex={selected ? 0 : -1}
            className="tab-list__tab"
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
