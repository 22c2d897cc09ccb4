/**
 * The shared state of SPEC §3/§4: four collections, each initially empty, and a single
 * 'set records' action that replaces one collection by name. The root loader fetches the
 * amenity and category lists and the company profile; 'property' holds the properties the
 * current page loaded (its loader's `properties`; docs/decisions/006-search-parameters.md).
 * The store is built from them (on the server for the first HTML, and again in the browser on
 * hydration), and screens read from it through `useRecords()`.
 */
import { createContext, useContext } from "react";
import type { Amenity, Category, CompanyProfile, Property } from "../../lib/api-contract.ts";

export interface RecordsState {
  amenity: Amenity[];
  /** The company profile; a one-item list once loaded. */
  profile: CompanyProfile[];
  property: Property[];
  category: Category[];
}

export type RecordsName = keyof RecordsState;

export type RecordsAction = {
  [Name in RecordsName]: { type: "set records"; name: Name; records: RecordsState[Name] };
}[RecordsName];

export const initialRecords: RecordsState = {
  amenity: [],
  profile: [],
  property: [],
  category: [],
};

/** The single action: replaces the collection `name` with `records`. */
export function recordsReducer(state: RecordsState, action: RecordsAction): RecordsState {
  return { ...state, [action.name]: action.records };
}

export const RecordsContext = createContext<RecordsState>(initialRecords);

export function useRecords(): RecordsState {
  return useContext(RecordsContext);
}

/** The company profile from the store, or an empty one while it is not loaded. */
export function useProfile(): CompanyProfile {
  return (
    useRecords().profile[0] ?? {
      business_name: "",
      page_description: "",
      image_url: "",
      website: "",
      telephone: "",
      email_address: "",
      address: "",
    }
  );
}
