/**
 * The maps' behaviour (PropertyMap, decision 054), registered as `property-map`. It waits
 * until the map's box is on screen (the Location tab's panel is hidden until chosen), then
 * imports the drawing code with Leaflet and Supercluster: a page without a map, or whose map
 * is never shown, loads neither, and asks the tile host for nothing.
 */
export function enhancePropertyMap(box: HTMLElement): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    box.dataset.mapState = "loading";
    import("./draw-property-map.ts")
      .then(({ drawPropertyMap }) => drawPropertyMap(box))
      .catch((error: unknown) => {
        box.dataset.mapState = "failed";
        // The box's own words stand, but not "needs JavaScript": it ran, the map did not load.
        const fallback = box.querySelector(".property-map__fallback");
        if (fallback) {
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
