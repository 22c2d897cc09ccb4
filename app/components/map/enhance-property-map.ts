/**
 * The maps' behaviour (PropertyMap, decision 054), registered as `property-map`. It waits
 * until the map's box is on screen (the Location tab's panel is hidden until chosen), then
 * imports the drawing code with Leaflet and Supercluster: a page without a map, or whose map
 * is never shown, loads neither, and asks the tile host for nothing.
 */
/**
 * Resolves once the page has loaded and the browser is idle: the map's code then never competes
 * with the page's own first paint and images (the list's photos above all).
 */
function afterLoad(): Promise<void> {
  const idle = () =>
    new Promise<void>((resolve) => {
      if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 1500 });
      else setTimeout(resolve, 0);
    });
  if (document.readyState === "complete") return idle();
  return new Promise((resolve) => {
    window.addEventListener("load", () => resolve(idle()), { once: true });
  });
}

export function enhancePropertyMap(box: HTMLElement): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    box.dataset.mapState = "loading";
    afterLoad()
      .then(() => import("./draw-property-map.ts"))
      .then(({ drawPropertyMap }) => drawPropertyMap(box))
      .catch((error: unknown) => {
        box.dataset.mapState = "failed";
        // The box's own words stand, but not "needs JavaScript": it ran, the map did not load.
        const fallback = box.querySelector(".property-map__fallback");
        for (const room of box.querySelectorAll(".property-map__placeholder")) room.remove();
        // Without a map there is nothing to move with the keys.
        box.querySelector(".property-map__hint")?.remove();
        if (fallback) {
          fallback.classList.add("property-map__fallback--shown");
          fallback.textContent = box.dataset.place
            ? "The map could not be loaded: the address above says where the property is."
            : "The map could not be loaded. The list below shows the same properties.";
        }
        console.warn("The map could not be drawn:", error);
      });
  };
  if (typeof IntersectionObserver === "undefined") {
    start();
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((entry) => entry.isIntersecting)) {
      observer.disconnect();
      start();
    }
  });
  observer.observe(box);
}
