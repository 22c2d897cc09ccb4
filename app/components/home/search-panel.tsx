import { useId } from "react";
import { SearchForm, searchStatusOptions } from "../frame/search-form.tsx";
import { TabList, tabIds } from "../frame/tab-list.tsx";

const tabs = searchStatusOptions.map((status) => ({ id: status, label: status }));
const [firstStatus] = searchStatusOptions;

/**
 * The home search panel (SPEC §2): tabs 'For Rent' and 'For Sale' over the search form; the
 * chosen tab sets the form's property-status, and choosing a status in the form moves the tab.
 * Server HTML with 'For Rent' chosen; the behaviour is `enhanceSearchPanel`'s (decisions 021,
 * 043).
 */
export function SearchPanel() {
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  return (
    <section
      className="search-panel"
      aria-labelledby="search-panel-title"
      data-enhance="search-panel"
    >
      <div className="search-panel__card">
        <div className="search-panel__head">
          <h2 className="search-panel__title" id="search-panel-title">
            Find your next property
          </h2>
          <TabList
            label="Offer type"
            items={tabs}
            selectedId={firstStatus}
            idPrefix={idPrefix}
            sharedPanelId={panelId}
            className="search-panel__tabs"
          />
        </div>
        <div role="tabpanel" id={panelId} aria-labelledby={tabIds(idPrefix, firstStatus).tab}>
          <SearchForm />
        </div>
      </div>
    </section>
  );
}
