import { siteRequestContext } from "#app-context";
import { GalleryPage, galleryMeta } from "../listing/gallery-page.tsx";
import { loadGallery } from "../listing/listing.server.ts";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = galleryMeta;

export async function loader({ context }: Route.LoaderArgs) {
  return loadGallery(context.get(siteRequestContext).api);
}

/** /gallery: every property's cover with its headline, each linking to /property/{slug}. */
export default function Gallery({ loaderData }: Route.ComponentProps) {
  return <GalleryPage properties={loaderData.properties} />;
}
