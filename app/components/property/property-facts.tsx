import type { Property } from "../../../lib/api-contract.ts";
import { Icon, type IconName } from "../icons.tsx";
import { Area } from "../units/area.tsx";

export type PropertyFact = "bedroom" | "bathroom" | "size" | "garage" | "room" | "floor";

/** Each count's label and icon, wherever a card shows the counts (the size's: the default unit's). */
export const propertyFactLabels: Record<PropertyFact, { label: string; icon: IconName }> = {
  bedroom: { label: "Beds", icon: "bed" },
  bathroom: { label: "Baths", icon: "bath" },
  size: { label: "sq ft", icon: "area" },
  garage: { label: "Garage", icon: "garage" },
  room: { label: "Rooms", icon: "room" },
  floor: { label: "Floors", icon: "floor" },
};

export interface PropertyFactsProps {
  property: Property;
  facts: readonly PropertyFact[];
  className?: string;
}

/** A property's counts as an icon row: '3 Beds', '2 Baths', '1200 sq ft', '1 Garage'… */
export function PropertyFacts({ property, facts, className }: PropertyFactsProps) {
  return (
    <ul className={className ? `property-facts ${className}` : "property-facts"}>
      {facts.map((fact) => (
        <li key={fact} className="property-facts__item" data-fact={fact}>
          <Icon name={propertyFactLabels[fact].icon} size={16} />
          {fact === "size" ? (
            <>
              <Area className="property-facts__value" squareFeet={property.size} part="number" />{" "}
              <Area className="property-facts__label" squareFeet={property.size} part="unit" />
            </>
          ) : (
            <>
              <span className="property-facts__value">{property[fact]}</span>{" "}
              <span className="property-facts__label">{propertyFactLabels[fact].label}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
