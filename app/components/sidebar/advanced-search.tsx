import { type CSSProperties, useId } from "react";
import { formatWholeAmount } from "../../../lib/format.ts";
import { propertyField, type SchemaFieldName } from "../../../lib/property-fields.ts";
import { fieldFilterParamNames, filterableFields } from "../../../lib/property-search.ts";
import type { SearchFacets } from "../../../lib/search-facets.ts";
import {
  type AdvancedSearchValues,
  advancedSearchOptions,
  advancedSearchValues,
  areaRange,
  availabilityOptions,
  defaultSort,
  type ListingSearch,
  listingParams,
  priceRange,
  priceSteps,
} from "../../listing/listing-search.ts";
import { useSiteSettings } from "../../site-settings.ts";
import { useRecords } from "../../store/records.ts";

const number = new Intl.NumberFormat("en-US");

export interface AdvancedSearchProps {
  /** The page the form GETs: the listing it sits on, or /property from a detail page. */
  action: string;
  /** The search the page shows, so the form starts from it; absent means "any" everywhere. */
  search?: ListingSearch;
  /** 'wide' lays the fields out in columns, for the main column of a page. */
  layout?: "sidebar" | "wide";
  /**
   * The URL's parameters the form has no field for (carriedParams: view, area unit, map box…),
   * sent along as hidden fields so that refining keeps them.
   */
  carried?: readonly [string, string][];
  /** The catalogue's cities and top prices (decision 074): more locations, price choices. */
  facets?: SearchFacets;
  /** The element id of the section: the phone's 'Filters' link points at it. */
  sectionId?: string;
}

type SelectField = "status" | "type" | "category" | "location" | CountField;
type CountField = "bedrooms" | "bathrooms" | "balcony" | "garage";

interface SelectSpec {
  field: SelectField;
  label: string;
  any: string;
  /** The SPEC's options, in its order. */
  options: readonly string[];
}

/** A group of options the data adds after the SPEC's (decision 074). */
interface MoreOptions {
  label: string;
  options: readonly { value: string; text: string }[];
}

const selects: readonly SelectSpec[] = [
  { field: "status", label: "Property Status", any: "Any", options: advancedSearchOptions.status },
  { field: "type", label: "Property Type", any: "Any", options: advancedSearchOptions.type },
  {
    field: "category",
    label: "Property Category",
    any: "Any",
    options: advancedSearchOptions.category,
  },
  { field: "location", label: "Location", any: "Any", options: advancedSearchOptions.location },
  { field: "bedrooms", label: "Bedrooms", any: "Any", options: advancedSearchOptions.counts },
  { field: "bathrooms", label: "Bathroom", any: "Any", options: advancedSearchOptions.counts },
  { field: "balcony", label: "Balcony", any: "Any", options: advancedSearchOptions.counts },
  { field: "garage", label: "Garage", any: "Any", options: advancedSearchOptions.counts },
];

interface RangeFieldProps {
  id: string;
  label: string;
  /** Accessible name of the lower thumb. */
  minLabel: string;
  range: { min: number; max: number; step: number };
  names: [min: string, max: string];
  initial: [min: number, max: number];
  /** Before each value of the read-out: '$' for a price. */
  prefix?: string;
  /** The unit after the read-out, such as ' sq ft'. */
  unit?: string;
}

/**
 * A two-thumb slider: two range inputs over one track. The upper thumb carries the visible
 * label; each end of the range means "no limit" (the loader drops it). Server HTML at the
 * search's values; `enhanceAdvancedSearch` keeps the read-out and the track up to date.
 */
function RangeField({
  id,
  label,
  minLabel,
  range,
  names,
  initial,
  prefix = "",
  unit = "",
}: RangeFieldProps) {
  const [low, high] = initial;
  const format = (value: number) => `${prefix}${number.format(value)}`;
  const span = range.max - range.min;
  const percent = (value: number) => `${((value - range.min) / span) * 100}%`;
  const highText = `${format(high)}${high >= range.max ? "+" : ""}`;
  const fill = { "--range-from": percent(low), "--range-to": percent(high) } as CSSProperties;
  return (
    <div
      className="advanced-search__range"
      data-prefix={prefix || undefined}
      data-unit={unit || undefined}
    >
      <div className="advanced-search__range-head">
        <label htmlFor={`${id}-max`} className="advanced-search__label">
          {label}
        </label>
        <output htmlFor={`${id}-min ${id}-max`} className="advanced-search__value">
          {format(low)} – {highText}
          {unit}
        </output>
      </div>
      <div
        className={
          // The lower thumb goes on top once it sits in the upper half, so it stays reachable.
          low > range.min + span / 2
            ? "advanced-search__slider-pair advanced-search__slider-pair--low-on-top"
            : "advanced-search__slider-pair"
        }
        style={fill}
      >
        <input
          id={`${id}-min`}
          name={names[0]}
          type="range"
          aria-label={minLabel}
          aria-valuetext={`${format(low)}${unit}`}
          min={range.min}
          max={range.max}
          step={range.step}
          defaultValue={low}
          className="advanced-search__slider advanced-search__slider--low"
        />
        <input
          id={`${id}-max`}
          name={names[1]}
          type="range"
          aria-valuetext={`${highText}${unit}`}
          min={range.min}
          max={range.max}
          step={range.step}
          defaultValue={high}
          className="advanced-search__slider advanced-search__slider--high"
        />
      </div>
    </div>
  );
}

/**
 * A property schema field's filter (lib/property-fields.ts, decision 085): a choice as a select
 * of its labels after "Any", a count as its lowest and highest number.
 */
function FieldFilterControl({
  id,
  name,
  label,
  params,
  values,
}: {
  id: string;
  name: SchemaFieldName;
  label: string;
  params: string[];
  values: Readonly<Record<string, string>>;
}) {
  const type = propertyField(name).type;
  const [first = "", second = ""] = params;
  if (type.kind === "choice") {
    return (
      <div className="advanced-search__field">
        <label htmlFor={id} className="advanced-search__label">
          {label}
        </label>
        <select
          id={id}
          name={first}
          className="advanced-search__select"
          defaultValue={values[first] ?? ""}
        >
          <option value="">Any</option>
          {Object.entries(type.choices).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (type.kind !== "count") return null;
  return (
    <>
      {[first, second].map((param, index) => (
        <div key={param} className="advanced-search__field">
          <label htmlFor={`${id}-${param}`} className="advanced-search__label">
            {`${label}, ${index === 0 ? "at least" : "at most"}`}
          </label>
          <input
            id={`${id}-${param}`}
            name={param}
            type="number"
            inputMode="numeric"
            min={0}
            max={type.max}
            step={1}
            className="advanced-search__select"
            defaultValue={values[param] ?? ""}
          />
        </div>
      ))}
    </>
  );
}

/**
 * SPEC §2's Advanced Search form, wired: it GETs `action` with status, type, category,
 * location, bedrooms, bathrooms, balcony, garage (each "at least"), min-area/max-area and
 * min-price/max-price (docs/decisions/006-search-parameters.md), then the property schema's
 * filters (tenure, furnished…, decision 085). An empty option means "any".
 * With JavaScript (`enhanceAdvancedSearch`, registered as `advanced-search`) it goes to a compact
 * URL (no "any" values, no slider ends); without, the browser sends every field and the loader
 * reads them the same way. The current sort is kept; the page starts again at 1.
 */
export function AdvancedSearch({
  action,
  search,
  layout = "sidebar",
  carried = [],
  facets,
  sectionId,
}: AdvancedSearchProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const { currency } = useSiteSettings();
  const { category } = useRecords();
  const values: AdvancedSearchValues = advancedSearchValues(search);

  // The catalogue's types and cities beyond the SPEC's options, each once.
  const more: Partial<Record<SelectField, MoreOptions>> = {
    type: {
      label: "More types",
      options: category
        .filter((entry) => !(advancedSearchOptions.type as readonly string[]).includes(entry.title))
        .map((entry) => ({ value: entry.title, text: entry.title })),
    },
    location: {
      label: "Cities",
      options: (facets?.cities ?? []).map((city) => ({
        value: city.name,
        text: `${city.name} (${city.count})`,
      })),
    },
  };
  /** The current value when no option has it (a type or place typed into the URL). */
  const unoffered = (select: SelectSpec) => {
    const value = values[select.field];
    if (!value || select.options.includes(value)) return undefined;
    return more[select.field]?.options.some((option) => option.value === value) ? undefined : value;
  };
  const priceGroups = advancedSearchOptions.status
    .map((status) => ({ status, steps: priceSteps(facets?.maxPrice[status]) }))
    .filter((group) => group.steps.length > 0);
  const priceText = (amount: number) => formatWholeAmount(amount, currency);
  const priceSelect = (bound: "from" | "to") => {
    const value = bound === "from" ? values.priceFrom : values.priceTo;
    const offered = priceGroups.some((group) => group.steps.map(String).includes(value));
    return (
      <div className="advanced-search__field">
        <label htmlFor={`${id}-price-${bound}`} className="advanced-search__label">
          {bound === "from" ? "Price from" : "Price to"}
        </label>
        <select
          id={`${id}-price-${bound}`}
          name={bound === "from" ? listingParams.minPrice : listingParams.maxPrice}
          className="advanced-search__select advanced-search__price"
          defaultValue={value}
        >
          <option value="">Any</option>
          {value && !offered ? <option value={value}>{priceText(Number(value))}</option> : null}
          {priceGroups.map((group) => (
            <optgroup key={group.status} label={group.status} data-status={group.status}>
              {group.steps.map((step) => (
                <option key={step} value={step}>
                  {priceText(step)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    );
  };

  return (
    <section
      id={sectionId}
      className={`sidebar-widget advanced-search advanced-search--${layout}`}
      aria-labelledby={headingId}
      tabIndex={sectionId ? -1 : undefined}
    >
      <h2 id={headingId} className="sidebar-widget__title">
        Advanced Search
      </h2>
      <form
        method="get"
        action={action}
        className="advanced-search__form"
        data-enhance="advanced-search"
      >
        {search && search.sort !== defaultSort ? (
          <input type="hidden" name={listingParams.sort} value={search.sort} />
        ) : null}
        {carried.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat; the place is the identity.
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <div className="advanced-search__field advanced-search__keyword">
          <label htmlFor={`${id}-keyword`} className="advanced-search__label">
            Keyword
          </label>
          <input
            id={`${id}-keyword`}
            name={listingParams.keyword}
            type="search"
            className="advanced-search__select"
            defaultValue={values.keyword}
            placeholder="Street, city, feature…"
            autoComplete="off"
          />
        </div>
        <div className="advanced-search__fields">
          {selects.map((select) => (
            <div key={select.field} className="advanced-search__field">
              <label htmlFor={`${id}-${select.field}`} className="advanced-search__label">
                {select.label}
              </label>
              <select
                id={`${id}-${select.field}`}
                name={listingParams[select.field]}
                className="advanced-search__select"
                defaultValue={values[select.field]}
              >
                <option value="">{select.any}</option>
                {select.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
                {more[select.field]?.options.length ? (
                  <optgroup label={more[select.field]?.label}>
                    {more[select.field]?.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.text}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                {unoffered(select) ? (
                  <option value={unoffered(select)}>{unoffered(select)}</option>
                ) : null}
              </select>
            </div>
          ))}
          <div className="advanced-search__field">
            <label htmlFor={`${id}-availability`} className="advanced-search__label">
              Availability
            </label>
            <select
              id={`${id}-availability`}
              name={listingParams.availability}
              className="advanced-search__select"
              defaultValue={values.availability}
            >
              <option value="">Any</option>
              {availabilityOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {filterableFields().map(({ name, filter, kind }) => (
            <FieldFilterControl
              key={name}
              id={`${id}-${filter.param}`}
              name={name}
              label={filter.label}
              params={fieldFilterParamNames(filter, kind, "site")}
              values={values.fields}
            />
          ))}
        </div>
        <div className="advanced-search__ranges">
          <RangeField
            id={`${id}-area`}
            label="Area (sq ft)"
            minLabel="Minimum area (square feet)"
            range={areaRange}
            names={[listingParams.minArea, listingParams.maxArea]}
            initial={[values.minArea, values.maxArea]}
            unit=" sq ft"
          />
          <RangeField
            id={`${id}-price`}
            label={`Price (${currency.code})`}
            minLabel={
              currency.code === "USD"
                ? "Minimum price (US dollars)"
                : `Minimum price (${currency.code})`
            }
            range={priceRange}
            names={[listingParams.minPrice, listingParams.maxPrice]}
            initial={[values.minPrice, values.maxPrice]}
            prefix={currency.symbol}
          />
          {priceGroups.length > 0 ? (
            <div className="advanced-search__prices">
              {priceSelect("from")}
              {priceSelect("to")}
            </div>
          ) : null}
        </div>
        <button type="submit" className="advanced-search__submit">
          Search
        </button>
      </form>
    </section>
  );
}
