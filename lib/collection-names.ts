/**
 * The collection names the site asks for (SPEC §7), in layout order. Zod-free, so pages can
 * name collections without pulling the schemas into the browser.
 */
export const collectionNames = [
  "Product Layout 1",
  "Product Layout 2",
  "Product Layout 3",
] as const;
export type CollectionName = (typeof collectionNames)[number];
