import { Link } from "react-router";
import { siteRequestContext } from "#app-context";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { imageSizes } from "../components/image-sizes.ts";
import { ResponsiveImage } from "../components/responsive-image.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/gallery";

const title = "Photo Gallery";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title,
    description: "Photos of every home we list for rent and for sale, each linking to its details.",
    canonicalPath: "/gallery",
  });

/** SPEC §2: every property's cover, so the gallery loads the full list (SPEC §7). */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(siteRequestContext);
  return { properties: await api.getProperties() };
}

/** /gallery: every property's cover with its headline, each linking to /property/{slug}. */
export default function Gallery({ loaderData }: Route.ComponentProps) {
  const property = loaderData.properties;
  return (
    <>
      <PageBanner title={title} />
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
