import { useId } from "react";

/** The sort options of SPEC §2, word for word. */
export const sortOptions = [
  "New To Old",
  "Old To New",
  "Properties (High To Low)",
  "Properties (Low To High)",
] as const;

/** The listings' 'Sort by' dropdown. SPEC §2: it has no behaviour. */
export function SortSelect() {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id} className="sort-select__label">
        Sort by
      </label>
      <select id={id} name="sort" className="sort-select__control" defaultValue={sortOptions[0]}>
        {sortOptions.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
