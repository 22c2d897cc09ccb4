import { type FormEvent, useId, useState } from "react";

/** The option groups of SPEC §2's Advanced Search form, word for word. */
export const advancedSearchOptions = {
  status: ["For Sale", "For Rent"],
  type: ["Apartments", "Houses", "Commercial", "Garages"],
  category: ["Commercial", "Residential", "Land", "Hotels"],
  location: ["New York", "Bangladesh", "India", "Canada"],
  counts: ["1", "2", "3", "4"],
} as const;

/** The sliders' ranges (SPEC §9): area in sq ft, price in USD. */
export const areaRange = { min: 0, max: 10_000, step: 100 } as const;
export const priceRange = { min: 0, max: 150_000, step: 1_000 } as const;

const number = new Intl.NumberFormat("en-US");

export interface AdvancedSearchProps {
  /** 'wide' lays the fields out in columns, for the main column of a page. */
  layout?: "sidebar" | "wide";
}

/**
 * SPEC §2's Advanced Search form. Static and not wired: submitting does nothing. The SPEC's
 * unused filter state is kept as it is described (category, filterText, min 0, max 1000) and
 * deliberately not applied.
 */
export function AdvancedSearch({ layout = "sidebar" }: AdvancedSearchProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  // SPEC §2/§9: "Unused filter state exists … it is not applied."
  const [_filter] = useState({ category: "", filterText: "", min: 0, max: 1000 });
  const [area, setArea] = useState<number>(areaRange.max);
  const [price, setPrice] = useState<number>(priceRange.max);

  const selects = [
    { name: "property-status", label: "Property Status", options: advancedSearchOptions.status },
    { name: "property-type", label: "Property Type", options: advancedSearchOptions.type },
    { name: "category", label: "Property Category", options: advancedSearchOptions.category },
    { name: "location", label: "Location", options: advancedSearchOptions.location },
    { name: "bedrooms", label: "Bedrooms", options: advancedSearchOptions.counts },
    { name: "bathroom", label: "Bathroom", options: advancedSearchOptions.counts },
    { name: "balcony", label: "Balcony", options: advancedSearchOptions.counts },
    { name: "garage", label: "Garage", options: advancedSearchOptions.counts },
  ] as const;

  return (
    <section
      className={`sidebar-widget advanced-search advanced-search--${layout}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        Advanced Search
      </h2>
      <form
        className="advanced-search__form"
        onSubmit={(event: FormEvent<HTMLFormElement>) => event.preventDefault()}
      >
        <div className="advanced-search__fields">
          {selects.map((select) => (
            <div key={select.name} className="advanced-search__field">
              <label htmlFor={`${id}-${select.name}`} className="advanced-search__label">
                {select.label}
              </label>
              <select
                id={`${id}-${select.name}`}
                name={select.name}
                className="advanced-search__select"
              >
                {select.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <div className="advanced-search__ranges">
          <div className="advanced-search__range">
            <div className="advanced-search__range-head">
              <label htmlFor={`${id}-area`} className="advanced-search__label">
                Area (sq ft)
              </label>
              <output htmlFor={`${id}-area`} className="advanced-search__value">
                {number.format(areaRange.min)} – {number.format(area)} sq ft
              </output>
            </div>
            <input
              id={`${id}-area`}
              name="area"
              type="range"
              min={areaRange.min}
              max={areaRange.max}
              step={areaRange.step}
              value={area}
              onChange={(event) => setArea(Number(event.target.value))}
              className="advanced-search__slider"
            />
          </div>
          <div className="advanced-search__range">
            <div className="advanced-search__range-head">
              <label htmlFor={`${id}-price`} className="advanced-search__label">
                Price (USD)
              </label>
              <output htmlFor={`${id}-price`} className="advanced-search__value">
                ${number.format(priceRange.min)} – ${number.format(price)}
              </output>
            </div>
            <input
              id={`${id}-price`}
              name="price"
              type="range"
              min={priceRange.min}
              max={priceRange.max}
              step={priceRange.step}
              value={price}
              onChange={(event) => setPrice(Number(event.target.value))}
              className="advanced-search__slider"
            />
          </div>
        </div>
        <button type="submit" className="advanced-search__submit">
          Search
        </button>
      </form>
    </section>
  );
}
