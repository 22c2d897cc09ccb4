import { useId } from "react";
import { Icon } from "../icons.tsx";

/** The static options of the search form (SPEC §2 'Search form': "Its options are static"). */
export const searchStatusOptions = ["For Rent", "For Sale"] as const;
export const searchTypeOptions = ["Apartments", "Houses", "Commercial", "Garages"] as const;
export const searchLocationOptions = ["New York", "Bangladesh", "India", "Canada"] as const;

/**
 * The first choice of the type and location selects, ahead of the SPEC's options: an empty value
 * filters nothing, so the form sent unchanged searches every type and location (issue 13).
 * A select's first option is its default, with or without JavaScript.
 */
export const anySearchOption = "Any";

export interface SearchFormProps {
  /** 'panel' lays the fields out in a row on wide screens; 'stacked' keeps one column. */
  layout?: "panel" | "stacked";
  className?: string;
}

/**
 * The site's search form (SPEC §2): a GET to /search with the fields email (keyword),
 * property-status, property-types, location, max-area and min-area. The home search panel's
 * tabs set its property-status (enhanceSearchPanel). Type and location start at 'Any'.
 */
export function SearchForm({ layout = "panel", className }: SearchFormProps) {
  const id = useId();
  const classes = ["search-form", `search-form--${layout}`, className].filter(Boolean).join(" ");

  return (
    <form method="get" action="/search" className={classes} aria-label="Property search">
      <div className="search-form__field search-form__field--keyword">
        <label className="search-form__label" htmlFor={`${id}-keyword`}>
          Keyword
        </label>
        <input
          className="search-form__control"
          id={`${id}-keyword`}
          name="email"
          type="text"
          placeholder="Enter keyword…"
          autoComplete="off"
        />
      </div>
      <div className="search-form__field">
        <label className="search-form__label" htmlFor={`${id}-status`}>
          Property Status
        </label>
        <select
          className="search-form__control"
          id={`${id}-status`}
          name="property-status"
          defaultValue={searchStatusOptions[0]}
        >
          {searchStatusOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="search-form__field">
        <label className="search-form__label" htmlFor={`${id}-types`}>
          Property Type
        </label>
        <select className="search-form__control" id={`${id}-types`} name="property-types">
          <option value="">{anySearchOption}</option>
          {searchTypeOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="search-form__field">
        <label className="search-form__label" htmlFor={`${id}-location`}>
          Location
        </label>
        <select className="search-form__control" id={`${id}-location`} name="location">
          <option value="">{anySearchOption}</option>
          {searchLocationOptions.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div className="search-form__field">
        <label className="search-form__label" htmlFor={`${id}-min-area`}>
          Min Area (sq ft)
        </label>
        <input
          className="search-form__control"
          id={`${id}-min-area`}
          name="min-area"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder="0"
        />
      </div>
      <div className="search-form__field">
        <label className="search-form__label" htmlFor={`${id}-max-area`}>
          Max Area (sq ft)
        </label>
        <input
          className="search-form__control"
          id={`${id}-max-area`}
          name="max-area"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          placeholder="10000"
        />
      </div>
      <div className="search-form__actions">
        <button type="submit" className="button button--primary search-form__submit">
          <Icon name="search" size={18} />
          Search
        </button>
      </div>
    </form>
  );
}
