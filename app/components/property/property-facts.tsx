import type { Property } from "../../../lib/api-contract.ts";
import { givenValueOf, schemaFieldsWith } from "../../../lib/property-fields.ts";
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

/**
 * The property schema's short facts for a card (lib/property-fields.ts's `card` entries,
 * decision 085), such as 'Freehold' and 'Part furnished': each given value as its label, the
 * field's name said to screen readers; nothing when none is given.
 */
export function SchemaFacts({ property, className }: { property: Property; className?: string }) {
  const values = property as unknown as Record<string, unknown>;
  const facts = schemaFieldsWith("card").flatMap(({ name, field, entry }) => {
    const value = field.api === null ? undefined : givenValueOf(name, values[field.api]);
    return value === undefined ? [] : [{ name, label: entry, value }];
  });
  if (facts.length === 0) return null;
  return (
    <ul className={`property-facts property-facts--schema${className ? ` ${className}` : ""}`}>
      {facts.map((fact) => (
        <li key={fact.name} className="property-facts__item" data-fact={fact.name}>
          <span className="visually-hidden">{`${fact.label}: `}</span>
          <span className="property-facts__value">{fact.value}</span>
        </li>
      ))}
    </ul>
  );
}
