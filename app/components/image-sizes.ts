/**
 * The `sizes` of each image layout: the width the image is drawn at, per CSS breakpoint,
 * rounded up (measured in Chromium from 360 to 1920 px wide; the container is 1200 px). Where
 * a box crops its image (`object-fit: cover` in a box taller than the photo's 3:2), the drawn
 * width is the box's height times 1.5, wider than the box. The browser picks the narrowest
 * derivative at least this wide times its pixel density. Keep these in step with the layout's
 * CSS; tests/e2e/images.spec.ts checks the choice.
 */
export const imageSizes = {
  /** Home banner: a 2.4:1 slider covering a 540 px (620 px from 1024 px) tall box. */
  banner: "(min-width: 1488px) 100vw, (min-width: 1024px) 1488px, 1296px",
  /** Layout 3 carousel: 1, 2, 3, then 4 slides. */
  featuredCard:
    "(min-width: 1200px) 304px, (min-width: 1024px) 26vw, (min-width: 768px) 34vw, (min-width: 480px) 52vw, calc(100vw + 8px)",
  /** Home layout 1 cards: 1, 2, then 3 columns. */
  listingCard:
    "(min-width: 1200px) 378px, (min-width: 1024px) 32vw, (min-width: 600px) 48vw, calc(100vw - 16px)",
  /** Home layout 2 tiles: a 340 px tall box at every width. */
  propertyTile: "(min-width: 542px) and (max-width: 599px) calc(100vw - 32px), 510px",
  /** Home city tiles: 1, 2, then 3 columns. */
  popularTile:
    "(min-width: 1200px) 374px, (min-width: 1024px) 32vw, (min-width: 480px) 47vw, calc(100vw - 32px)",
  /** Home 'recently' rows: a fixed thumbnail. */
  recentCard: "126px",
  /** /property grid card (and related properties): 1, 2, then 3 columns beside the sidebar. */
  propertyCard:
    "(min-width: 1200px) 387px, (min-width: 1024px) 33vw, (min-width: 640px) 47vw, calc(100vw - 32px)",
  /**
   * /search row: a full-width 4:3 box (the photo drawn 1.125 times as wide, rounded down a
   * little so a phone at 390 px and 2x takes the 800w), then a column beside the text (397 px
   * to 464 px as the row grows).
   */
  propertyRow: "(min-width: 640px) 400px, calc(112vw - 40px)",
  /** Sidebar thumbnails. */
  miniList: "96px",
  /** Detail page: the main photo, full width, then beside the summary. */
  detailCover: "(min-width: 1200px) 780px, (min-width: 1024px) 65vw, calc(100vw - 32px)",
  /** Detail page: the thumbnail strip. */
  detailThumb: "(min-width: 768px) 114px, 90px",
  /**
   * Detail page: the full-screen photo viewer, a 3:2 photo contained in the screen: its width,
   * or on a wide screen its height (less the viewer's bar) times 1.5.
   */
  viewer: "min(100vw, calc((100vh - 64px) * 1.5))",
  /** Detail page: the Floor Plans tab's plans, 1 then 2 columns in the tab's panel. */
  floorPlan:
    "(min-width: 1200px) 372px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 48px)",
  /** /gallery: 1, 2, then 3 columns. */
  gallery:
    "(min-width: 1200px) 368px, (min-width: 960px) 31vw, (min-width: 560px) 47vw, calc(100vw - 32px)",
  /** /about: full width, then beside the text. */
  about: "(min-width: 1200px) 621px, (min-width: 1024px) 52vw, 108vw",
} as const;
