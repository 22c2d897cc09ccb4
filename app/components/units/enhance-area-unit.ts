/**
 * The area unit toggle (AreaUnitToggle) on its rendered HTML, with or without React (decision
 * 046). Without JavaScript the toggle's links load the page in the other unit (`?area=m2`).
 * This remembers the visitor's choice in the browser (localStorage), and on a page whose URL
 * names no unit shows every area in the remembered one: the server's HTML stays the same for
 * every visitor, so pages stay cacheable.
 *
 * @returns the cleanup, which removes the listener.
 */
import {
  type AreaUnit,
  areaUnitNames,
  formatArea,
  formatAreaNumber,
  readAreaUnit,
} from "../../../lib/format.ts";

/** The localStorage key of the remembered unit. */
export const areaUnitStorageKey = "homes.area-unit";

function remembered(): AreaUnit | undefined {
  try {
    return readAreaUnit(localStorage.getItem(areaUnitStorageKey));
  } catch {
    return undefined;
  }
}

function remember(unit: AreaUnit): void {
  try {
    localStorage.setItem(areaUnitStorageKey, unit);
  } catch {
    // Storage refused (private mode, quota): the URL still carries the choice.
  }
}

/** Shows every marked area of `root` in `unit`, and the toggles with it as the current one. */
export function showAreasIn(root: ParentNode, unit: AreaUnit): void {
  for (const element of root.querySelectorAll<HTMLElement>("[data-area-sqft]")) {
    const squareFeet = Number(element.dataset.areaSqft);
    if (!Number.isFinite(squareFeet)) continue;
    const part = element.dataset.areaPart;
    element.textContent =
      part === "number"
        ? formatAreaNumber(squareFeet, unit)
        : part === "unit"
          ? areaUnitNames[unit].label
          : formatArea(squareFeet, unit, { group: element.dataset.areaGroup !== undefined });
  }
  for (const toggle of root.querySelectorAll<HTMLElement>("[data-area-unit]")) {
    toggle.dataset.areaUnit = unit;
    for (const link of toggle.querySelectorAll<HTMLElement>("a[data-unit]")) {
      if (link.dataset.unit === unit) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    }
  }
}

/**
 * On a page whose URL names no unit, shows its areas in the remembered unit, if any (a page
 * with areas but no toggle, such as the home page, runs only this).
 */
export function showRememberedAreaUnit(root: ParentNode = document): void {
  if (new URLSearchParams(window.location.search).has("area")) return;
  const unit = remembered();
  if (unit !== undefined && root.querySelector("[data-area-sqft]")) showAreasIn(root, unit);
}

export function enhanceAreaUnit(toggle: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>("a[data-unit]");
    const unit = readAreaUnit(link?.dataset.unit);
    if (unit !== undefined) remember(unit);
  };
  toggle.addEventListener("click", onClick);
  showRememberedAreaUnit(document);
  return () => toggle.removeEventListener("click", onClick);
}
