/**
 * The script of a document React does not hydrate (the home page: decision 021), in place of
 * React Router's. It runs each behaviour of the page on the server HTML: the same functions the
 * React components run from their effects when React renders the page instead (a client-side
 * navigation). A module script at the end of the body, it runs before DOMContentLoaded, so the
 * page works before its `load` event; Embla follows through `import()`.
 *
 * Elements name their behaviour in `data-enhance`; images carry `data-fallback`.
 */
import { enhanceBanner } from "./components/carousel/enhance-banner.ts";
import { enhanceFeaturedCarousel } from "./components/carousel/enhance-featured-carousel.ts";
import { enhanceImage } from "./components/enhance-image.ts";
import { enhanceMenu } from "./components/frame/enhance-menu.ts";
import { enhanceSearchPanel } from "./components/home/enhance-search-panel.ts";
import { enhanceShare } from "./components/property/enhance-share.ts";
import { enhanceAreaUnit, showRememberedAreaUnit } from "./components/units/enhance-area-unit.ts";

const behaviours: Record<string, (element: HTMLElement) => unknown> = {
  "area-unit": enhanceAreaUnit,
  banner: enhanceBanner,
  "featured-carousel": enhanceFeaturedCarousel,
  menu: enhanceMenu,
  "search-panel": enhanceSearchPanel,
  share: enhanceShare,
};

for (const element of document.querySelectorAll<HTMLElement>("[data-enhance]")) {
  behaviours[element.dataset.enhance ?? ""]?.(element);
}
// Areas in the visitor's remembered unit, on pages without a toggle too (decision 046).
showRememberedAreaUnit(document);
for (const image of document.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
  enhanceImage(image);
}
// The page works from here on (tests wait for it, as for React's data-hydrated).
document.documentElement.dataset.enhanced = "true";
