/**
 * A map of properties (decision 054): the server renders a box that says what it is and, without
 * JavaScript, that the list (or the address) stands in for it; `enhancePropertyMap` (registered
 * as `property-map`) loads Leaflet only when the box is on screen and draws the markers on the
 * tiles of MAP_TILE_URL, or on a plain background with a notice when there are none.
 */
import {
  type BoundingBox,
  boundingBoxParam,
  type Polygon,
  polygonParam,
} from "../../../lib/property-search.ts";
import { useSiteSettings } from "../../site-settings.ts";

/** One marker given in the page (the Location tab's property). */
export interface MapPlace {
  latitude: number;
  longitude: number;
  /** The marker's name: the property's headline. */
  title: string;
}

export interface PropertyMapProps {
  /** The map's accessible name. */
  label: string;
  /** Where the script reads the markers (the listing's `/search/markers?…`). */
  markersUrl?: string;
  /** Or the one place the map shows. */
  place?: MapPlace;
  /** The listing path 'Search this area' reloads with the visible area as `bbox`. */
  searchAreaPath?: string;
  /** The area the URL's search is limited to: the map shows it. */
  bbox?: BoundingBox | undefined;
  /**
   * The drawn area the URL's search is limited to (decision 075): the map shows it. With
   * searchAreaPath, the map offers 'Draw an area' too.
   */
  polygon?: Polygon | undefined;
  /** How many properties the list holds, so the map can say how many it cannot place. */
  listed?: number;
  /** The text shown without JavaScript. */
  fallback?: string;
}

export function PropertyMap({
  label,
  markersUrl,
  place,
  searchAreaPath,
  bbox,
  polygon,
  listed,
  fallback = "The map needs JavaScript. The list below shows the same properties.",
}: PropertyMapProps) {
  const { mapTiles } = useSiteSettings();
  return (
    <section
      className="property-map"
      aria-label={label}
      data-enhance="property-map"
      data-markers={markersUrl}
      data-place={place ? JSON.stringify(place) : undefined}
      data-search-area={searchAreaPath}
      data-bbox={bbox ? boundingBoxParam(bbox) : undefined}
      data-polygon={polygon ? polygonParam(polygon) : undefined}
      data-listed={listed}
      data-tile-url={mapTiles?.url}
      data-tile-attribution={mapTiles?.attribution || undefined}
    >
      <p className="property-map__fallback">{fallback}</p>
      {/* The map's room, held while its script loads (scripting only), so the list below does
          not jump when it draws. Where the map offers drawing, the keyboard's way is said in
          the page itself, between the rooms of the bar and the canvas, so it paints with the
          page rather than late (decision 075). */}
      {searchAreaPath && !place ? (
        <>
          <div
            className="property-map__placeholder property-map__placeholder--bar"
            aria-hidden="true"
          />
          <p className="property-map__hint">
            No mouse or touch? Move the map with the arrow keys, zoom with + and −, then choose
            'Search this area'.
          </p>
          <div
            className="property-map__placeholder property-map__placeholder--canvas"
            aria-hidden="true"
          />
        </>
      ) : (
        <div className="property-map__placeholder" aria-hidden="true" />
      )}
    </section>
  );
}
