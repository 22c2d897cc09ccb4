/**
 * The public part of the site's configuration: what the browser may see. The root loader
 * returns it; components read it with `useSiteSettings()`. The API base and token are not here.
 */
import { createContext, useContext } from "react";
import {
  type AreaUnit,
  type CurrencyFormat,
  defaultAreaUnit,
  defaultCurrency,
} from "../lib/format.ts";

export interface SiteSettings {
  /** Base URL of the images (SPEC §7: /sliders/{file}, /property/{file}, /no.png). */
  imageBaseUrl: string;
  /** Whether the image base serves WebP derivatives (lib/image-variants.ts) for `srcset`. */
  imageDerivatives: boolean;
  /** Origin of the separate investors site (Login, Register at /register). */
  investorsUrl: string;
  /** The site's public address (SITE_URL, no trailing slash): canonical and structured-data URLs. */
  siteUrl: string;
  /** How prices are shown (CURRENCY): the SPEC's '$' and two decimals by default. */
  currency: CurrencyFormat;
  /** The unit areas are shown in unless the URL asks for the other (AREA_UNIT). */
  areaUnit: AreaUnit;
  /** The maps' tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; decision 054); absent: none. */
  mapTiles?: { url: string; attribution: string };
}

export const defaultSiteSettings: SiteSettings = {
  imageBaseUrl: "/images",
  imageDerivatives: true,
  investorsUrl: "https://investors.example.com",
  siteUrl: "http://localhost:3000",
  currency: defaultCurrency,
  areaUnit: defaultAreaUnit,
};

/**
 * The settings of the tree below: the root layout provides the root loader's; the frame
 * rendered once (app/components/frame/frame-html.server.tsx) provides its own.
 */
export const SiteSettingsContext = createContext<SiteSettings>(defaultSiteSettings);

export function useSiteSettings(): SiteSettings {
  return useContext(SiteSettingsContext);
}

export type ImageFolder = "property" | "sliders" | "";

/** The URL of an image file under the image base: folder '' is the image root. */
export function imageUrl(imageBaseUrl: string, folder: ImageFolder, file: string): string {
  const base = imageBaseUrl.replace(/\/+$/, "");
  if (/^https?:\/\//.test(file) || file.startsWith("/")) return file;
  const path = folder ? `${folder}/${encodeURIComponent(file)}` : encodeURIComponent(file);
  return `${base}/${path}`;
}

/** The default image shown when an image fails to load (SPEC §4, §7). */
export function fallbackImageUrl(imageBaseUrl: string): string {
  return imageUrl(imageBaseUrl, "", "no.png");
}
