/**
 * The script of every public page (decisions 021, 043): the site has no React in the browser
 * outside the back office. It runs each behaviour of the page on the server HTML. A module
 * script at the end of the body, it runs before DOMContentLoaded, so the page works before its
 * `load` event; Embla, and Leaflet where a map is shown, follow through `import()`.
 *
 * Elements name their behaviour in `data-enhance`; images carry `data-fallback`.
 */
import { enhanceAlertForm } from "./components/alerts/enhance-alert-form.ts";
import { enhanceBanner } from "./components/carousel/enhance-banner.ts";
import { enhanceFeaturedCarousel } from "./components/carousel/enhance-featured-carousel.ts";
import { enhanceImage } from "./components/enhance-image.ts";
import { enhanceEnquiryForm } from "./components/enquiry/enhance-enquiry-form.ts";
import { enhancePageView } from "./components/figures/send-figure.ts";
import { enhanceAccordion } from "./components/frame/enhance-accordion.ts";
import { enhanceMenu } from "./components/frame/enhance-menu.ts";
import { enhanceTabPanels } from "./components/frame/enhance-tabs.ts";
import { enhanceSearchPanel } from "./components/home/enhance-search-panel.ts";
import { enhancePropertyMap } from "./components/map/enhance-property-map.ts";
import { enhanceContactBar } from "./components/property/enhance-contact-bar.ts";
import { enhanceFloorPlans } from "./components/property/enhance-floor-plans.ts";
import { enhanceMapFrame } from "./components/property/enhance-map-frame.ts";
import { enhanceMonthlyCost } from "./components/property/enhance-monthly-cost.ts";
import { enhanceShare } from "./components/property/enhance-share.ts";
import { enhanceThumbnailGallery } from "./components/property/enhance-thumbnail-gallery.ts";
import { enhanceVideo } from "./components/property/enhance-video.ts";
import { enhanceRecentlyViewed } from "./components/recently-viewed/enhance-recently-viewed.ts";
import {
  enhanceCompareForm,
  enhanceShortlistCount,
  enhanceShortlistPage,
  enhanceShortlistToggle,
} from "./components/shortlist/enhance-shortlist.ts";
import { enhanceAdvancedSearch } from "./components/sidebar/enhance-advanced-search.ts";
import { enhanceAreaUnit, showRememberedAreaUnit } from "./components/units/enhance-area-unit.ts";
import { enhanceFiltersToggle } from "./listing/enhance-filters-toggle.ts";
import { enhanceSortSelect } from "./listing/enhance-sort-select.ts";

const behaviours: Record<string, (element: HTMLElement) => unknown> = {
  accordion: enhanceAccordion,
  "advanced-search": enhanceAdvancedSearch,
  "alert-form": enhanceAlertForm,
  "area-unit": enhanceAreaUnit,
  banner: enhanceBanner,
  "contact-bar": enhanceContactBar,
  "enquiry-form": enhanceEnquiryForm,
  "featured-carousel": enhanceFeaturedCarousel,
  "filters-toggle": enhanceFiltersToggle,
  "floor-plans": enhanceFloorPlans,
  "map-frame": enhanceMapFrame,
  menu: enhanceMenu,
  "monthly-cost": enhanceMonthlyCost,
  "page-view": enhancePageView,
  "property-map": enhancePropertyMap,
  "search-panel": enhanceSearchPanel,
  "sort-select": enhanceSortSelect,
  tabs: enhanceTabPanels,
  "thumbnail-gallery": enhanceThumbnailGallery,
  "shortlist-toggle": enhanceShortlistToggle,
  "shortlist-count": enhanceShortlistCount,
  "shortlist-page": enhanceShortlistPage,
  "compare-form": enhanceCompareForm,
  "recently-viewed": enhanceRecentlyViewed,
  share: enhanceShare,
  video: enhanceVideo,
};

for (const element of document.querySelectorAll<HTMLElement>("[data-enhance]")) {
  behaviours[element.dataset.enhance ?? ""]?.(element);
}
// Areas in the visitor's remembered unit, on pages without a toggle too (decision 046).
showRememberedAreaUnit(document);
for (const image of document.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
  enhanceImage(image);
}
// The page works from here on (tests wait for it; the back office's React sets data-hydrated).
document.documentElement.dataset.enhanced = "true";
