import { enhanceTabs } from "../frame/enhance-tabs.ts";

/**
 * The home search panel's behaviour (SPEC §2) on its rendered HTML, with or without React
 * (decision 021): the 'For Rent' / 'For Sale' tabs set the form's property-status, and a status
 * chosen in the form moves the tab. The tab follows the select from the start too, so a status
 * the browser restored (Back, a reload) shows on the tabs.
 *
 * @returns the cleanup, which removes the listeners.
 */
export function enhanceSearchPanel(panel: HTMLElement): () => void {
  const tablist = panel.querySelector<HTMLElement>('[role="tablist"]');
  const tabpanel = panel.querySelector<HTMLElement>('[role="tabpanel"]');
  const status = panel.querySelector<HTMLSelectElement>('select[name="property-status"]');
  if (!tablist || !tabpanel || !status) return () => {};

  const stopTabs = enhanceTabs(tablist, (tab) => {
    if (tab.dataset.value) status.value = tab.dataset.value;
    tabpanel.setAttribute("aria-labelledby", tab.id);
  });
  const followStatus = () => {
    const tab = [...tablist.querySelectorAll<HTMLElement>('[role="tab"]')].find(
      (each) => each.dataset.value === status.value,
    );
    if (tab && tab.getAttribute("aria-selected") !== "true") tab.click();
  };
  status.addEventListener("change", followStatus);
  followStatus();
  return () => {
    stopTabs();
    status.removeEventListener("change", followStatus);
  };
}
