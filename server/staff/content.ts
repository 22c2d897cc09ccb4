/**
 * The back office's site content (decision 057): sliders, the three featured collections, the
 * company profile and logo, amenities and categories, each kind in its own module of
 * ./site-content/ over the site content's one write path (server/content/writes.ts: one
 * transaction with its audit event, then the content-change notice; decision 084), which the
 * content command shares for sliders, collections and the profile.
 */
import type { AdminContentService } from "#app-context";
import { createCollectionContent } from "./site-content/collections.ts";
import { createProfileContent } from "./site-content/profile.ts";
import { createSliderContent } from "./site-content/sliders.ts";
import { createTermContent } from "./site-content/terms.ts";
import { type AdminContentOptions, createContentWrites } from "./site-content/writes.ts";

export type { AdminContentOptions };

export function createAdminContent(options: AdminContentOptions): AdminContentService {
  const writes = createContentWrites(options);
  return {
    ...createSliderContent(writes),
    ...createCollectionContent(writes),
    ...createProfileContent(writes),
    ...createTermContent(writes),
  };
}
