/**
 * The listing editor's position (decision 069): the latitude and longitude boxes (given as
 * children: they post the values, and are the way by keyboard and without JavaScript) beside a
 * map with a draggable pin. A click places the pin, a drag moves it, and both fill the boxes;
 * typing in the boxes moves the pin. Tiles come from MAP_TILE_URL, or the pin stands on the
 * public map's plain background (decision 054). "Find on map" (only when GEOCODER_URL is set)
 * asks the server to geocode the listing's address. A position far from the city's other
 * listings, or one that looks swapped, is flagged with a box to tick before the save; the
 * server refuses the save without it (a form posted without JavaScript shows it the same way).
 */
import type * as Leaflet from "leaflet";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  confirmationOf,
  type GeocodeAnswer,
  type LocationCheckAnswer,
  type Position,
} from "../../lib/listing-location.ts";
import { useSiteSettings } from "../site-settings.ts";
import { useHydrated } from "./arrangeable.tsx";
import { adminPaths, formTokenField } from "./staff.ts";

export interface LocationPickerProps {
  /** The listing's stored code (edit); its own position is not among its city's. */
  code: string | undefined;
  csrfToken: string;
  /** Whether "Find on map" is offered (GEOCODER_URL). */
  canGeocode: boolean;
  /** The save's refusal of an unconfirmed far position ("Position on the map is …"). */
  refusal: string | undefined;
  /** The values the form was shown with, for the refusal's confirmation. */
  latitude: string;
  longitude: string;
  /** The latitude and longitude fields. */
  children: ReactNode;
}

/** The id of the confirmation box (the problems' summary links to it). */
export const locationConfirmId = "listing-location";

const checkDelayMs = 400;

/** Six decimals: about 10 cm, more than a pin can say. */
const rounded = (value: number) => Number(value.toFixed(6));

function readPosition(latitude: string, longitude: string): Position | null {
  if (latitude.trim() === "" || longitude.trim() === "") return null;
  const position = { latitude: Number(latitude), longitude: Number(longitude) };
  if (!Number.isFinite(position.latitude) || !Number.isFinite(position.longitude)) return null;
  if (Math.abs(position.latitude) > 90 || Math.abs(position.longitude) > 180) return null;
  return position;
}

/** The form's control named `name`, from inside it. */
function control(from: HTMLElement | null, name: string): HTMLInputElement | null {
  const form = from?.closest("form");
  const found = form?.elements.namedItem(name);
  return found instanceof HTMLInputElement ? found : null;
}

/** Leaflet's stylesheet, linked once from the site's own assets (the CSP's style-src 'self'). */
async function linkLeafletCss(): Promise<void> {
  if (document.querySelector("link[data-leaflet-css]")) return;
  const { default: href } = await import("leaflet/dist/leaflet.css?url");
  await new Promise<void>((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.leafletCss = "";
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
    document.head.append(link);
  });
}

export function LocationPicker(props: LocationPickerProps) {
  const { code, csrfToken, canGeocode, refusal, children } = props;
  const hydrated = useHydrated();
  const { mapTiles } = useSiteSettings();
  const box = useRef<HTMLDivElement>(null);
  const mapBox = useRef<HTMLElement>(null);
  const leaflet = useRef<{ L: typeof Leaflet; map: Leaflet.Map; pin: Leaflet.Marker | null }>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const check = useFetcher<LocationCheckAnswer>();
  const geocode = useFetcher<GeocodeAnswer>();
  const [status, setStatus] = useState("");

  /** Asks the server where the city's listings stand and whether the position is far. */
  // The fetcher's load, read when the timer fires: the listeners below are added once.
  const loadCheck = useRef(check.load);
  loadCheck.current = check.load;
  const checkSoon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const value = (name: string) => control(box.current, name)?.value ?? "";
      const params = new URLSearchParams({
        city: value("city"),
        country: value("country"),
        latitude: value("latitude"),
        longitude: value("longitude"),
      });
      if (code) params.set("code", code);
      loadCheck.current(`${adminPaths.listings}/location?${params}`);
    }, checkDelayMs);
  }, [code]);

  /** Fills the boxes (as typing would: the draft and the check hear it). */
  const writeBoxes = useCallback((position: Position) => {
    const entries: [string, number][] = [
      ["latitude", rounded(position.latitude)],
      ["longitude", rounded(position.longitude)],
    ];
    for (const [name, value] of entries) {
      const input = control(box.current, name);
      if (!input) continue;
      input.value = String(value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, []);

  /** Puts the pin at `position` (none: takes it away), optionally centring the map on it. */
  const showPin = useCallback(
    (position: Position | null, centre: boolean) => {
      const drawn = leaflet.current;
      if (!drawn) return;
      const { L, map } = drawn;
      // The pin's position, on the map's box (what the tests read; nothing else does).
      const container = map.getContainer();
      if (position === null) {
        drawn.pin?.remove();
        drawn.pin = null;
        delete container.dataset.pin;
        return;
      }
      container.dataset.pin = `${rounded(position.latitude)},${rounded(position.longitude)}`;
      const at = L.latLng(position.latitude, position.longitude);
      if (drawn.pin) drawn.pin.setLatLng(at);
      else {
        const pin = L.marker(at, {
          draggable: true,
          keyboard: false,
          title: "The listing's position: drag to move it",
          alt: "The listing's position",
          icon: L.divIcon({
            className: "admin-location__pin",
            // A 26 px square turned 45° inside: its point stands 5 px below the box, on the
            // position. (Turned inside: Leaflet places the icon itself by its transform.)
            iconSize: [26, 26],
            iconAnchor: [13, 31],
            html: '<span class="admin-location__drop"></span>',
          }),
        }).addTo(map);
        pin.on("dragend", () => {
          const moved = pin.getLatLng();
          // The boxes' input events bring the pin to their rounded values.
          writeBoxes({ latitude: moved.lat, longitude: moved.lng });
        });
        drawn.pin = pin;
      }
      if (centre) map.setView(at, Math.max(map.getZoom(), 15));
    },
    [writeBoxes],
  );

  // The map: Leaflet loads once the page runs (and its box is shown: Leaflet measures it).
  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    let drawnMap: Leaflet.Map | undefined;
    (async () => {
      const [L] = await Promise.all([import("leaflet"), linkLeafletCss()]);
      if (cancelled || !mapBox.current) return;
      const map = L.map(mapBox.current, {
        attributionControl: Boolean(mapTiles),
        worldCopyJump: true,
      }).setView([20, 0], 2);
      drawnMap = map;
      map.attributionControl?.setPrefix(false);
      if (mapTiles) {
        // Leaflet writes the attribution as HTML: the configured text is escaped first.
        const attribution = document.createElement("span");
        attribution.textContent = mapTiles.attribution;
        L.tileLayer(mapTiles.url, { attribution: attribution.innerHTML, maxZoom: 19 }).addTo(map);
      }
      leaflet.current = { L, map, pin: null };
      map.on("click", (event: Leaflet.LeafletMouseEvent) => {
        writeBoxes({ latitude: event.latlng.lat, longitude: event.latlng.lng });
      });
      const latitude = control(box.current, "latitude")?.value ?? "";
      const longitude = control(box.current, "longitude")?.value ?? "";
      showPin(readPosition(latitude, longitude), true);
      mapBox.current.dataset.mapState = "ready";
    })();
    return () => {
      cancelled = true;
      drawnMap?.remove();
      leaflet.current = null;
    };
  }, [hydrated, mapTiles, showPin, writeBoxes]);

  // Typing in the boxes moves the pin; the city or country changing asks the check again.
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    let centring: ReturnType<typeof setTimeout> | undefined;
    const heard = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (name === "latitude" || name === "longitude") {
        const latitude = control(box.current, "latitude")?.value ?? "";
        const longitude = control(box.current, "longitude")?.value ?? "";
        const position = readPosition(latitude, longitude);
        showPin(position, false);
        // Typed (not a click or drag on the map): the map follows once the typing pauses.
        clearTimeout(centring);
        if (event.isTrusted) centring = setTimeout(() => showPin(position, true), checkDelayMs);
        checkSoon();
      } else if (name === "city" || name === "country") checkSoon();
    };
    form.addEventListener("input", heard);
    checkSoon();
    return () => {
      form.removeEventListener("input", heard);
      clearTimeout(timer.current);
      clearTimeout(centring);
    };
  }, [checkSoon, showPin]);

  // No pin yet: the map opens where the city's listings stand.
  const middle = check.data?.middle;
  useEffect(() => {
    const drawn = leaflet.current;
    if (drawn && !drawn.pin && middle) drawn.map.setView([middle.latitude, middle.longitude], 12);
  }, [middle]);

  // What "Find on map" found: the pin goes there.
  const found = geocode.data;
  useEffect(() => {
    if (!found) return;
    if (!found.ok) setStatus(`${found.message} Place the pin on the map instead.`);
    else if (!found.found)
      setStatus("No place was found for this address: place the pin on the map.");
    else {
      writeBoxes(found.found);
      showPin(found.found, true);
      setStatus(`Found: ${found.found.label}. Drag the pin if it is not exactly right.`);
    }
  }, [found, writeBoxes, showPin]);

  const findOnMap = () => {
    const address = ["address", "city", "province", "country"]
      .map((name) => control(box.current, name)?.value.trim() ?? "")
      .filter(Boolean)
      .join(", ");
    if (address === "") {
      setStatus("Type the address first, then find it on the map.");
      return;
    }
    setStatus("Finding the address…");
    geocode.submit(
      { [formTokenField]: csrfToken, address },
      { method: "post", action: `${adminPaths.listings}/geocode` },
    );
  };

  // The warning: the live check's once it has answered, the save's refusal until then.
  const typed = readPosition(props.latitude, props.longitude);
  const warning = check.data
    ? check.data.warning && { text: check.data.warning, confirmation: check.data.confirmation }
    : refusal && typed && { text: refusal, confirmation: confirmationOf(typed) };
  return (
    <div className="admin-location admin-editor__wide" ref={box}>
      <div className="admin-location__boxes">{children}</div>
      <div className="admin-location__map-area">
        {hydrated && canGeocode ? (
          <div className="admin-location__tools">
            <button
              className="admin-button admin-button--secondary"
              type="button"
              onClick={findOnMap}
              disabled={geocode.state !== "idle"}
            >
              Find on map
            </button>
          </div>
        ) : null}
        <p className="admin-field__hint" id="listing-location-hint">
          {hydrated
            ? "Click the map to place the pin, or drag it; the boxes follow, and typing in them moves it."
            : "The map needs JavaScript: type the latitude and longitude."}
        </p>
        <section
          ref={mapBox}
          className={`admin-location__map${mapTiles ? "" : " admin-location__map--plain"}`}
          aria-label="Map of the listing's position"
          aria-describedby="listing-location-hint"
          hidden={!hydrated}
        />
        {hydrated && !mapTiles ? (
          <p className="admin-field__hint">
            No map background is set up for this site: the pin stands on a plain background.
          </p>
        ) : null}
        <p className="admin-location__status" role="status">
          {status}
        </p>
      </div>
      {warning ? (
        <div
          className="admin-notice admin-notice--error admin-location__warning"
          role="alert"
          id="listing-location-warning"
        >
          <p>{`Position on the map ${warning.text}.`}</p>
          <label className="admin-choice__option" htmlFor={locationConfirmId}>
            <input
              // A new box for each position: a tick confirms the position it was given for.
              key={warning.confirmation ?? ""}
              id={locationConfirmId}
              type="checkbox"
              name="location_confirmed"
              value={warning.confirmation ?? ""}
              aria-describedby="listing-location-warning"
            />
            The position is right: save it as it is
          </label>
        </div>
      ) : null}
    </div>
  );
}
