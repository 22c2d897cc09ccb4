/**
 * The tabs behaviour (WAI-ARIA tabs pattern, automatic activation) on a rendered tab list, for
 * the bare server HTML and for React alike (decision 021): a click or the arrow keys (wrapping),
 * Home and End choose a tab; the chosen tab gets aria-selected and the list's one tab stop, and
 * `onSelect` hears of it. Choosing a tab from elsewhere is a `tab.click()`.
 *
 * @returns the cleanup, which removes the listeners.
 */
export function enhanceTabs(
  tablist: HTMLElement,
  onSelect?: (tab: HTMLElement) => void,
): () => void {
  const tabs = () => [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')];

  function select(tab: HTMLElement) {
    for (const each of tabs()) {
      const chosen = each === tab;
      each.setAttribute("aria-selected", String(chosen));
      each.tabIndex = chosen ? 0 : -1;
    }
    onSelect?.(tab);
  }

  const onClick = (event: MouseEvent) => {
    const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
    if (tab && tablist.contains(tab)) select(tab);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const all = tabs();
    const current = all.findIndex((tab) => tab.getAttribute("aria-selected") === "true");
    let next: number;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = current + 1;
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = current - 1;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    else return;
    event.preventDefault();
    const tab = all[(next + all.length) % all.length];
    if (!tab) return;
    select(tab);
    tab.focus();
  };

  tablist.addEventListener("click", onClick);
  tablist.addEventListener("keydown", onKeyDown);
  return () => {
    tablist.removeEventListener("click", onClick);
    tablist.removeEventListener("keydown", onKeyDown);
  };
}

/**
 * Tabs with their panels (the detail page's `Tabs`, the FAQ's topics; decision 043): the tabs
 * behaviour on the element's tab list, and the chosen tab's panel (its `aria-controls`) shown,
 * the others hidden. A tab list whose element names `data-active-class` also marks the chosen
 * tab with that class.
 */
export function enhanceTabPanels(element: HTMLElement): () => void {
  const tablist = element.querySelector<HTMLElement>('[role="tablist"]');
  if (!tablist) return () => {};
  const activeClass = element.dataset.activeClass;
  return enhanceTabs(tablist, (chosen) => {
    for (const tab of tablist.querySelectorAll<HTMLElement>('[role="tab"]')) {
      const panelId = tab.getAttribute("aria-controls");
      const panel = panelId ? document.getElementById(panelId) : null;
      if (panel) panel.hidden = tab !== chosen;
      if (activeClass) tab.classList.toggle(activeClass, tab === chosen);
    }
  });
}
