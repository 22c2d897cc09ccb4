import { useRecords } from "../../store/records.ts";
import { PropertyMiniList } from "./property-mini-list.tsx";

/** The newest properties of the list, by creation date. */
export function RecentlyAdded({ count = 3 }: { count?: number }) {
  const { property } = useRecords();
  const time = (created: string) => Date.parse(created) || 0;
  const newest = [...property]
    .sort((a, b) => time(b.created_at) - time(a.created_at))
    .slice(0, count);
  return <PropertyMiniList title="Recently Added" properties={newest} className="recently-added" />;
}
