import { areaUnitNames } from "../../../lib/format.ts";
import { useDisplayUnits } from "../../display-units.ts";

/**
 * A stored size in this page's unit, marked with its square feet so that enhanceAreaUnit can
 * show it in the visitor's remembered unit: `part` 'full' ('92.9 m²'), 'number' ('92.9') or
 * 'unit' ('m²').
 */
export function Area({
  squareFeet,
  part = "full",
  className,
  group = false,
}: {
  squareFeet: number;
  part?: "full" | "number" | "unit";
  className?: string;
  group?: boolean;
}) {
  const units = useDisplayUnits();
  const text =
    part === "number"
      ? units.areaNumber(squareFeet)
      : part === "unit"
        ? areaUnitNames[units.areaUnit].label
        : units.area(squareFeet, { group });
  return (
    <span
      className={className}
      data-area-sqft={squareFeet}
      data-area-part={part}
      data-area-group={group ? "" : undefined}
    >
      {text}
    </span>
  );
}
