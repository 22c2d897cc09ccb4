import type { Property } from "../../../lib/api-contract.ts";
import { PropertyMiniList } from "./property-mini-list.tsx";

export interface RecentlyAddedProps {
  /** The newest properties, as the page's loader fetched them (sort 'new'). */
  properties: readonly Property[];
}

/** The list view's 'Recently Added' widget: the newest properties by creation date. */
export function RecentlyAdded({ properties }: RecentlyAddedProps) {
  return (
    <PropertyMiniList title="Recently Added" properties={properties} className="recently-added" />
  );
}
