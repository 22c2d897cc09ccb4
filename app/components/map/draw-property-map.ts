/**
 * Draws a PropertyMap (decision 054) with Leaflet: loaded by enhancePropertyMap through
 * `import()` only when a map is shown, with Leaflet's stylesheet from the site's own assets.
 *
 * - Markers come from the box's `data-markers` URL (the listing's `/search/markers?…`, every
 *   placed match of the list's search) or its `data-place` (the Location tab's property).
 *   Supercluster groups them by zoom; a group is a button that zooms in to its members.
 * - Each marker is a keyboard-reachable button (Leaflet's `keyboard`) named by its price and
 *   title; Enter or a click opens a small card linking to the property, focus moves into it,
 *   and closing the card brings focus back to the marker.
 * - Tiles come from `data-tile-url` (MAP_TILE_URL) with `data-tile-attribution`; without one
 *   the markers stand on a plain background with a notice, and nothing is asked of any host.
 * - 'Search this area' reloads the listing with the visible area as `bbox`, a server-side
 *   filter the list follows too.
 * - 'Draw an area' (decision 075): clicks or taps on the map add corners, 'Finish area'
 *   reloads the listing with them as `polygon` (in place of a `bbox`), 'Cancel' or Escape
 *   leaves the map as it was. A URL's drawn area is outlined on the map.
 * - The first view holds every marker, at any width: the map may zoom out to the whole world.
 */

import * as L from "leaflet";
import leafletCssUrl from "leaflet/dist/leaflet.css?url";
import Supercluster, { type AnyProps, type ClusterProperties } from "supercluster";
import {
  maxPolygonPoints,
  polygonParam,
  readBoundingBox,
  readPolygon,
} from "../../../lib/property-search.ts";
import type { MarkersAnswer } from "../../routes/search-markers.ts";

type MarkerData = MarkersAnswer["markers"][number];

/** Leaflet's stylesheet, linked once, from the site's assets (the CSP's style-src 'self'). */
function loadLeafletCss(): Promise<void> {
  const existing = document.querySelector<HTMLLinkElement>("link[data-leaflet-css]");
  if (existing) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = leafletCssUrl;
    link.dataset.leafletCss = "";
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

/** A new task: the browser may paint and handle input in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function readMarkers(box: HTMLElement): Promise<MarkersAnswer> {
  if (box.dataset.place) {
    const place = JSON.parse(box.dataset.place) as {
      latitude: number;
      longitude: number;
      title: string;
    };
    return {
      markers: [
        {
          code: "",
          title: place.title,
          price: "",
          short: "",
          offer: "",
          lat: place.latitude,
          lng: place.longitude,
          href: "",
        },
      ],
      more: false,
    };
  }
  const url = box.dataset.markers;
  if (!url) return { markers: [], more: false };
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as MarkersAnswer;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The card a marker opens: the title as a link to the property, the price and offer type. */
function markerCard(marker: MarkerData): HTMLElement {
  const card = element("div", "map-card");
  const title = element("a", "map-card__title", marker.title);
  title.href = marker.href;
  card.append(title);
  if (marker.price) {
    card.append(element("p", "map-card__price", marker.price));
  }
  if (marker.offer) card.append(element("p", "map-card__offer", marker.offer));
  return card;
}

const countFormat = new Intl.NumberFormat("en-US");

/** The status line over the map: how many it shows and what it leaves out. */
function statusText(answer: MarkersAnswer, listed: number | undefined): string {
  const count = answer.markers.length;
  const shown = `${countFormat.format(count)} ${count === 1 ? "property" : "properties"} on the map.`;
  if (answer.more) {
    return `${shown} More match: the newest are shown. Zoom in and search this area for the rest.`;
  }
  if (listed !== undefined && listed > count) {
    const unplaced = listed - count;
    return `${shown} ${countFormat.format(unplaced)} listed ${unplaced === 1 ? "property has" : "properties have"} no map location.`;
  }
  return shown;
}

interface DrawControls {
  /** The buttons, beside 'Search this area'. */
  start: HTMLButtonElement;
  finish: HTMLButtonElement;
  cancel: HTMLButtonElement;
  /** What drawing asks for and how many corners there are (a live region). */
  progress: HTMLElement;
}

function drawControls(): DrawControls {
  const button = (text: string, variant: string) => {
    const made = element("button", `button ${variant}`, text);
    made.type = "button";
    return made;
  };
  const start = button("Draw an area", "button--outline property-map__draw-start");
  const finish = button("Finish area", "button--primary property-map__draw-finish");
  const cancel = button("Cancel", "button--outline property-map__draw-cancel");
  finish.hidden = true;
  cancel.hidden = true;
  const progress = element("p", "property-map__progress");
  progress.setAttribute("aria-live", "polite");
  progress.hidden = true;
  return { start, finish, cancel, progress };
}

function drawingText(count: number): string {
  const made = `${count} ${count === 1 ? "corner" : "corners"} so far.`;
  if (count >= maxPolygonPoints) return `${made} That is the most an area can have: finish it.`;
  if (count < 3) {
    return `Click or tap the map to add the area's corners, at least 3. ${made}`;
  }
  return `${made} Add more, or finish the area.`;
}

export async function drawPropertyMap(box: HTMLElement): Promise<void> {
  const [answer] = await Promise.all([readMarkers(box), loadLeafletCss()]);
  const single = box.dataset.place !== undefined;
  const tileUrl = box.dataset.tileUrl;
  const listed = box.dataset.listed === undefined ? undefined : Number(box.dataset.listed);

  box.querySelector(".property-map__fallback")?.remove();
  for (const placeholder of box.querySelectorAll(".property-map__placeholder"))
    placeholder.remove();
  // The keyboard's way, in the server's HTML (PropertyMap): left where it is, so it does not
  // paint again; the bar goes before it and the canvas after.
  const hint = box.querySelector<HTMLElement>(".property-map__hint");
  const bar = element("div", "property-map__bar");
  if (!single) {
    const status = element("p", "property-map__status", statusText(answer, listed));
    status.setAttribute("role", "status");
    bar.append(status);
  }
  const searchAreaPath = box.dataset.searchArea;
  let searchArea: HTMLButtonElement | undefined;
  let draw: DrawControls | undefined;
  if (searchAreaPath) {
    searchArea = element(
      "button",
      "button button--primary property-map__search",
      "Search this area",
    );
    searchArea.type = "button";
    const actions = element("div", "property-map__actions");
    if (!single) {
      draw = drawControls();
      actions.append(draw.start, draw.finish, draw.cancel);
    }
    actions.append(searchArea);
    bar.append(actions);
  }
  if (bar.childElementCount > 0) {
    if (hint) hint.before(bar);
    else box.append(bar);
  }
  if (draw) box.append(draw.progress);
  const canvas = element(
    "div",
    `property-map__canvas${tileUrl ? "" : " property-map__canvas--plain"}`,
  );
  box.append(canvas);
  if (!tileUrl) {
    box.append(
      element(
        "p",
        "property-map__notice",
        "No map background is set up for this site: the markers stand on a plain background.",
      ),
    );
  }

  // Each step in a task of its own, so no one task blocks the page for long.
  await nextTask();
  const map = L.map(canvas, {
    keyboard: true,
    scrollWheelZoom: false,
    // Down to the whole world in one tile, so a phone-wide map can show results on every
    // continent and zooming out is never refused while some are out of view.
    minZoom: 0,
    // Quarter steps, so the first view fits the results closely at any width (the buttons and
    // keys still zoom by whole steps).
    zoomSnap: 0.25,
    attributionControl: Boolean(tileUrl),
    worldCopyJump: true,
  });
  map.attributionControl?.setPrefix(false);
  if (tileUrl) {
    // Leaflet writes the attribution as HTML: the configured text is escaped first.
    const attribution = element("span", "", box.dataset.tileAttribution ?? "").innerHTML;
    L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
  }

  await nextTask();
  const layer = L.layerGroup().addTo(map);
  const index = new Supercluster<{ at: number }, AnyProps>({
    // Wide enough that a price pill (about 50 px) and a group never overlap (WCAG 2.5.8).
    radius: 72,
    // The radius is in 1/extent of a tile: Leaflet's tiles are 256 px, so 72 is 72 px.
    extent: 256,
    maxZoom: 17,
  });
  index.load(
    answer.markers.map((marker, at) => ({
      type: "Feature" as const,
      properties: { at },
      geometry: { type: "Point" as const, coordinates: [marker.lng, marker.lat] },
    })),
  );

  /** The marker or group focused before a redraw, so the keyboard does not lose its place. */
  let focusKey: string | undefined;
  /** The markers and groups on the map, by key: `m{code}`, `g{cluster id}` (one zoom's). */
  const drawn = new Map<string, L.Marker>();

  function markerFor(marker: MarkerData): L.Marker {
    // The name starts with the pill's own text (WCAG 2.5.3), then says which home.
    const label = single ? marker.title : `${marker.short} – ${marker.title}`;
    // A price pill sizes itself: no iconSize (null), so Leaflet sets no size or margin and
    // the stylesheet anchors its bottom centre; the Location tab's pin is 28 px.
    const icon = L.divIcon(
      single
        ? {
            className: "map-pin map-pin--place",
            html: "",
            iconSize: [28, 28],
            iconAnchor: [14, 34],
          }
        : {
            className: "map-pin",
            html: "",
            iconSize: null as unknown as L.PointExpression,
            // The card's tip points at the pill's top, not into it.
            popupAnchor: [0, -26],
          },
    );
    const pin = L.marker([marker.lat, marker.lng], { icon, keyboard: !single, title: label });
    pin.on("add", () => {
      const node = pin.getElement();
      if (!node) return;
      if (single) {
        // The one place of the Location tab: a picture, not a control.
        node.setAttribute("role", "img");
        node.setAttribute("aria-label", `Location of ${marker.title}`);
        node.removeAttribute("title");
        return;
      }
      node.textContent = marker.short || marker.title;
      node.setAttribute("aria-label", label);
      // Leaflet opens the card on Enter; a button opens on Space too.
      node.addEventListener("keydown", (event) => {
        if (event.key !== " ") return;
        event.preventDefault();
        pin.openPopup();
      });
      node.dataset.code = marker.code;
      node.dataset.key = `m${marker.code}`;
    });
    if (!single) {
      pin.bindPopup(() => markerCard(marker), { maxWidth: 240, autoPanPadding: [16, 16] });
      pin.on("popupopen", (event) => {
        const popup = event.popup.getElement();
        popup?.querySelector<HTMLElement>(".map-card__title")?.focus();
        // Leaflet's own Escape only listens while the map itself has focus.
        popup?.addEventListener("keydown", (key) => {
          if (key.key === "Escape") map.closePopup();
        });
      });
      pin.on("popupclose", (event) => {
        // Back to the marker, when focus was in the card that closed (Leaflet removes the
        // card after its fade, so focus may still be in it).
        const active = document.activeElement;
        const inCard = active !== null && event.popup.getElement()?.contains(active);
        if (inCard || active === document.body || active === null) {
          drawn.get(`m${marker.code}`)?.getElement()?.focus();
        }
      });
    }
    return pin;
  }

  function groupFor(id: number, count: number, lat: number, lng: number): L.Marker {
    const label = `${countFormat.format(count)} properties here: zoom in`;
    const size = count < 10 ? 34 : count < 100 ? 40 : 48;
    const icon = L.divIcon({
      className: "map-group",
      html: "",
      iconSize: [size, size],
    });
    const group = L.marker([lat, lng], { icon, keyboard: true, title: label });
    group.on("add", () => {
      const node = group.getElement();
      if (!node) return;
      node.textContent = countFormat.format(count);
      node.setAttribute("aria-label", label);
      node.dataset.count = String(count);
      node.dataset.key = `g${id}`;
      // Leaflet gives a marker without a card no key: Enter and Space zoom in, as a click.
      node.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        zoomIn();
      });
    });
    const zoomIn = () => {
      focusKey = undefined;
      map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18));
    };
    group.on("click", zoomIn);
    return group;
  }

  function redraw() {
    const focused = (document.activeElement as HTMLElement | null)?.dataset?.key;
    if (focused && canvas.contains(document.activeElement)) focusKey = focused;
    const bounds = map.getBounds();
    // The groups of the whole zoom at or below: at a fractional zoom they stand further apart
    // than the radius, never closer.
    const zoom = Math.floor(map.getZoom());
    const west = Math.max(-180, bounds.getWest());
    const east = Math.min(180, bounds.getEast());
    const features = index.getClusters(
      [west, Math.max(-85, bounds.getSouth()), east, Math.min(85, bounds.getNorth())],
      zoom,
    );
    // Markers already drawn stay (their focus and open card with them); the others go.
    const wanted = new Map<string, () => L.Marker>();
    for (const feature of features) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<ClusterProperties> & { at?: number };
      if (properties.cluster && properties.cluster_id !== undefined) {
        const id = properties.cluster_id;
        wanted.set(`g${id}`, () => groupFor(id, properties.point_count ?? 0, lat, lng));
      } else if (properties.at !== undefined) {
        const marker = answer.markers[properties.at];
        if (marker) wanted.set(`m${marker.code}`, () => markerFor(marker));
      }
    }
    for (const [key, drawnMarker] of drawn) {
      if (wanted.has(key)) continue;
      layer.removeLayer(drawnMarker);
      drawn.delete(key);
    }
    for (const [key, make] of wanted) {
      if (drawn.has(key)) continue;
      const made = make();
      drawn.set(key, made);
      layer.addLayer(made);
    }
    if (focusKey) {
      canvas.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"]`)?.focus();
      focusKey = undefined;
    }
  }
  map.on("moveend", redraw);

  await nextTask();
  const box_ = readBoundingBox(box.dataset.bbox);
  const area = readPolygon(box.dataset.polygon);
  const brand = getComputedStyle(box).getPropertyValue("--color-brand").trim() || "#0b6e4f";
  if (area) {
    L.polygon(
      area.map(([lng, lat]) => L.latLng(lat, lng)),
      { interactive: false, color: brand, weight: 3, fillOpacity: 0.08, className: "map-area" },
    ).addTo(map);
  }
  const points = answer.markers.map((marker) => L.latLng(marker.lat, marker.lng));
  // Room around the markers for a pill (drawn above its point) or a group's disc.
  const fit: L.FitBoundsOptions = {
    paddingTopLeft: [48, 56],
    paddingBottomRight: [48, 28],
    maxZoom: 15,
  };
  if (box_) {
    map.fitBounds([
      [box_.south, box_.west],
      [box_.north, box_.east],
    ]);
  } else if (single && points[0]) {
    map.setView(points[0], 15);
  } else if (points.length > 0 || area) {
    const bounds = L.latLngBounds(points);
    for (const [lng, lat] of area ?? []) bounds.extend([lat, lng]);
    map.fitBounds(bounds, fit);
  } else {
    map.setView([20, 0], 1);
  }

  searchArea?.addEventListener("click", () => {
    const bounds = map.getBounds();
    const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
    const bbox = [
      clamp(bounds.getWest(), 180),
      clamp(bounds.getSouth(), 90),
      clamp(bounds.getEast(), 180),
      clamp(bounds.getNorth(), 90),
    ]
      .map((value) => value.toFixed(5))
      .join(",");
    // The visible area takes the place of a drawn one: one area at a time.
    reloadWith("bbox", bbox, "polygon");
  });

  function reloadWith(name: "bbox" | "polygon", value: string, instead: "bbox" | "polygon") {
    const url = new URL(window.location.href);
    url.pathname = searchAreaPath ?? url.pathname;
    url.searchParams.set(name, value);
    url.searchParams.delete(instead);
    url.searchParams.set("view", "map");
    url.searchParams.delete("page");
    window.location.assign(url.toString());
  }

  if (draw) {
    const controls = draw;
    /** The corners drawn so far, and their outline. */
    let corners: L.LatLng[] = [];
    const outline = L.layerGroup();
    const redrawOutline = () => {
      outline.clearLayers();
      if (corners.length > 1) {
        const shape =
          corners.length > 2
            ? L.polygon(corners, { interactive: false, color: brand, weight: 3, dashArray: "6 6" })
            : L.polyline(corners, {
                interactive: false,
                color: brand,
                weight: 3,
                dashArray: "6 6",
              });
        outline.addLayer(shape);
      }
      for (const corner of corners) {
        outline.addLayer(
          L.circleMarker(corner, {
            interactive: false,
            radius: 5,
            color: brand,
            weight: 2,
            fillColor: "#fff",
            fillOpacity: 1,
            className: "map-area__corner",
          }),
        );
      }
      controls.finish.disabled = corners.length < 3;
      controls.progress.textContent = drawingText(corners.length);
    };
    const addCorner = (event: L.LeafletMouseEvent) => {
      if (corners.length >= maxPolygonPoints) return;
      corners.push(event.latlng);
      redrawOutline();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") stop();
    };
    const start = () => {
      map.closePopup();
      corners = [];
      outline.addTo(map);
      map.on("click", addCorner);
      map.doubleClickZoom.disable();
      canvas.classList.add("property-map__canvas--drawing");
      box.dataset.drawing = "";
      controls.start.hidden = true;
      if (searchArea) searchArea.hidden = true;
      controls.finish.hidden = false;
      controls.cancel.hidden = false;
      controls.progress.hidden = false;
      document.addEventListener("keydown", onKey);
      redrawOutline();
      controls.cancel.focus();
    };
    const stop = () => {
      map.off("click", addCorner);
      map.doubleClickZoom.enable();
      outline.remove();
      corners = [];
      canvas.classList.remove("property-map__canvas--drawing");
      delete box.dataset.drawing;
      controls.start.hidden = false;
      if (searchArea) searchArea.hidden = false;
      controls.finish.hidden = true;
      controls.cancel.hidden = true;
      controls.progress.hidden = true;
      controls.progress.textContent = "";
      document.removeEventListener("keydown", onKey);
      controls.start.focus();
    };
    controls.start.addEventListener("click", start);
    controls.cancel.addEventListener("click", stop);
    controls.finish.addEventListener("click", () => {
      if (corners.length < 3) return;
      const polygon = polygonParam(
        corners.map((corner) => {
          const wrapped = corner.wrap();
          return [wrapped.lng, Math.max(-90, Math.min(90, wrapped.lat))];
        }),
      );
      // Drawn corners that make no area (all on one line) are no filter: say so and go on.
      if (!readPolygon(polygon)) {
        controls.progress.textContent =
          "These corners make no area. Add corners that are not all on one line.";
        return;
      }
      reloadWith("polygon", polygon, "bbox");
    });
  }
  box.dataset.mapState = "ready";
}
