/** The gallery (SPEC §2): every property's cover with its headline, as one list of links. */
import { Link } from "react-router";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { imageSizes } from "../components/image-sizes.ts";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { type MetaMatches, routeMeta } from "../seo/meta.ts";
import type { loadGallery } from "./listing.server.ts";

type PropertyList = Awaited<ReturnType<typeof loadGallery>>["properties"];

/** The gallery's name: its h1 and title. */
export const galleryTitle = "Photo Gallery";

/** The gallery's metadata (its route module passes its arguments). */
export const galleryMeta = (args: { matches: MetaMatches; error?: unknown }) =>
  routeMeta(args, {
    title: galleryTitle,
    description: "Photos of every home we list for rent and for sale, each linking to its details.",
    canonicalPath: "/gallery",
  });

/** /gallery: every property's cover with its headline, each linking to /property/{slug}. */
export function GalleryPage({ properties: property }: { properties: PropertyList }) {
  return (
    <>
      <PageBanner title={galleryTitle} />
      <div className="container gallery">
        {property.length > 0 ? (
          <ul className="gallery__grid">
            {property.map((item, index) => (
              <li key={item.code} className="gallery__item">
                <Link to={`/property/${encodeURIComponent(item.slug)}`} className="gallery__link">
                  <ResponsiveImage
                    folder="property"
                    file={item.cover_image}
                    alt={item.headline}
                    width={600}
                    height={400}
                    sizes={imageSizes.gallery}
                    priority={index === 0}
                    className="gallery__image"
                  />
                  <span className="gallery__caption" aria-hidden="true">
                    {item.headline}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="listing-empty">There are no photos to show right now.</p>
        )}
      </div>
    </>
  );
}
