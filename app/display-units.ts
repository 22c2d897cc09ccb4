/**
 * How this page shows money and areas (decision 046): the configured currency, and the area
 * unit the URL asks for (`?area=m2` or `?area=sqft`), else the configured one. The area
 * parameter is read by every route that shows an area, so the page cache keys those pages by
 * it (their handles' `searchParams`): each unit is its own cacheable page, the same for every
 * visitor.
 */
import { useLocation } from "react-router";
import {
  type AreaUnit,
  type CurrencyFormat,
  formatArea,
  formatAreaNumber,
  formatListingPrice,
  formatPrice,
  type ListingPrice,
  readAreaUnit,
} from "../lib/format.ts";
import { useSiteSettings } from "./site-settings.ts";

/** The URL parameter of the visitor's area unit. */
export const areaParam = "area";

/** The area unit a query string asks for, else `fallback`. */
export function areaUnitOf(search: string | URLSearchParams, fallback: AreaUnit): AreaUnit {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return readAreaUnit(params.get(areaParam)) ?? fallback;
}

export interface DisplayUnits {
  currency: CurrencyFormat;
  areaUnit: AreaUnit;
  /** A price with the currency: '$685,000.00'. */
  price(amount: number): string;
  /** A listing's price, a rent's with its period: '$3,450.00 a month' (decision 073). */
  listingPrice(listing: ListingPrice): string;
  /** A stored size (sq ft) in this page's unit: '3000 sq ft', '278.7 m²'. */
  area(squareFeet: number, options?: { group?: boolean }): string;
  /** The same without its unit: '3000', '278.7'. */
  areaNumber(squareFeet: number): string;
}

export function displayUnits(currency: CurrencyFormat, areaUnit: AreaUnit): DisplayUnits {
  return {
    currency,
    areaUnit,
    price: (amount) => formatPrice(amount, currency),
    listingPrice: (listing) => formatListingPrice(listing, currency),
    area: (squareFeet, options) => formatArea(squareFeet, areaUnit, options),
    areaNumber: (squareFeet) => formatAreaNumber(squareFeet, areaUnit),
  };
}

/** This page's currency and area unit (settings, then the URL's `area`). */
export function useDisplayUnits(): DisplayUnits {
  const settings = useSiteSettings();
  const { search } = useLocation();
  return displayUnits(settings.currency, areaUnitOf(search, settings.areaUnit));
}
