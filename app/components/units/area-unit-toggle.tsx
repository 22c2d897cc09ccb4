import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type AreaUnit, areaUnitNames, areaUnits } from "../../../lib/format.ts";
import { areaParam, useDisplayUnits } from "../../display-units.ts";
import { enhanceAreaUnit, showRememberedAreaUnit } from "./enhance-area-unit.ts";

/**
 * Two links that show this page's areas in square feet or in square metres: the same URL with
 * `?area=sqft` or `?area=m2` (works without JavaScript; enhanceAreaUnit remembers the choice).
 */
export function AreaUnitToggle({ className }: { className?: string }) {
  const { areaUnit } = useDisplayUnits();
  const { pathname, search, hash, key } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? enhanceAreaUnit(ref.current) : undefined), []);
  // A client-side navigation renders new areas in the URL's unit: show them in the remembered
  // one too (the first render's are handled by enhanceAreaUnit).
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each navigation.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    showRememberedAreaUnit(document);
  }, [key]);
  const hrefOf = (unit: AreaUnit) => {
    const params = new URLSearchParams(search);
    params.set(areaParam, unit);
    return `${pathname}?${params.toString()}${hash}`;
  };
  return (
    <nav
      ref={ref}
      className={className ? `area-unit ${className}` : "area-unit"}
      aria-label="Area unit"
      data-enhance="area-unit"
      data-area-unit={areaUnit}
    >
      <span className="area-unit__label" aria-hidden="true">
        Area in
      </span>
      {areaUnits.map((unit) => (
        <a
          key={unit}
          className="area-unit__link"
          href={hrefOf(unit)}
          data-unit={unit}
          aria-current={unit === areaUnit ? "true" : undefined}
          rel="nofollow"
        >
          {areaUnitNames[unit].label}
        </a>
      ))}
    </nav>
  );
}
