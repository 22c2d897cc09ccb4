import { useId } from "react";
import type { PropertySort } from "../../lib/property-search.ts";
import { defaultSort, sortOptions } from "./listing-search.ts";

export interface SortSelectProps {
  /** The listing's path, which the form GETs. */
  action: string;
  sort?: PropertySort;
  /** The current filters as a query string, carried along as hidden fields. */
  filterQuery?: string;
}

/**
 * The listings' 'Sort by' dropdown (options word for word from SPEC §2), as a small GET form
 * that keeps the current filters and starts again at page 1. With JavaScript a change submits
 * at once (`enhanceSortSelect`, registered as `sort-select`); without it the 'Sort' button does
 * (it hides once the page's script runs).
 */
export function SortSelect({ action, sort = defaultSort, filterQuery = "" }: SortSelectProps) {
  const id = useId();
  const hidden = [...new URLSearchParams(filterQuery)];
  return (
    <form method="get" action={action} className="sort-select" data-enhance="sort-select">
      {hidden.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat; the place is the identity.
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sort-select__label">
        Sort by
      </label>
      <select id={id} name="sort" className="sort-select__control" defaultValue={sort}>
        {sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="sort-select__submit">
        Sort
      </button>
    </form>
  );
}
