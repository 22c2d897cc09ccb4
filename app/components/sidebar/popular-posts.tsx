import type { Property } from "../../../lib/api-contract.ts";
import { PropertyMiniList } from "./property-mini-list.tsx";

export interface PopularPostsProps {
  /** Layout 1's properties, already matched against the property list. */
  properties: readonly Property[];
}

/** The grid page's 'Popular Posts' widget, drawn from the 'Product Layout 1' collection. */
export function PopularPosts({ properties }: PopularPostsProps) {
  return (
    <PropertyMiniList title="Popular Posts" properties={properties} className="popular-posts" />
  );
}
