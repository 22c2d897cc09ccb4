import type { FloorPlan } from "../../../lib/floor-plans.ts";
import { imageUrl, useSiteSettings } from "../../site-settings.ts";
import { Icon } from "../icons.tsx";
import { imageSizes } from "../image-sizes.ts";
import { ResponsiveImage } from "../responsive-image.tsx";
import { PhotoViewer } from "./thumbnail-gallery.tsx";

export interface FloorPlansProps {
  /** The property's plans, in order; none shows the tab's placeholder. */
  plans: readonly FloorPlan[];
  /** The property's headline, for the viewer's name. */
  headline: string;
}

/** An image plan's alt text: "Floor plan: Ground floor". */
export function floorPlanAlt(plan: Pick<FloorPlan, "label">): string {
  return `Floor plan: ${plan.label}`;
}

/**
 * The Floor Plans tab's content (decision 052). SPEC §2 lists the tab on every property, so
 * without plans it says so. Each image plan is its picture under its label, a link to the
 * full-size image that `enhanceFloorPlans` (registered as `floor-plans`) turns into the opener
 * of the tab's own full-screen viewer (the photos' viewer, decision 048); a PDF plan is a link
 * to the file. Without scripting every link leads to its file.
 */
export function FloorPlans({ plans, headline }: FloorPlansProps) {
  const { imageBaseUrl } = useSiteSettings();
  if (plans.length === 0) {
    return <p className="property-embed__empty">No floor plans available for this property.</p>;
  }
  const images = plans.filter((plan) => plan.kind === "image");
  const first = images[0];
  return (
    <div className="floor-plans" data-enhance="floor-plans">
      <ul className="floor-plans__list">
        {plans.map((plan, index) => {
          const href = imageUrl(imageBaseUrl, "property", plan.file);
          return (
            // A property may give two plans the same file: the position keeps keys apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page.
            <li key={index} className="floor-plans__item">
              {plan.kind === "image" ? (
                <figure className="floor-plans__figure">
                  <a href={href} className="floor-plans__open">
                    <ResponsiveImage
                      folder="property"
                      file={plan.file}
                      alt={floorPlanAlt(plan)}
                      width={1200}
                      height={800}
                      sizes={imageSizes.floorPlan}
                      className="floor-plans__image"
                    />
                    <span className="floor-plans__hint" aria-hidden="true">
                      <Icon name="maximize" size={16} />
                    </span>
                  </a>
                  <figcaption className="floor-plans__label">{plan.label}</figcaption>
                </figure>
              ) : (
                <a href={href} className="floor-plans__pdf" type="application/pdf">
                  <Icon name="fileText" size={32} className="floor-plans__pdf-icon" />
                  <span className="floor-plans__label">{plan.label}</span>
                  <span className="floor-plans__pdf-note">PDF, opens the file</span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {first ? (
        <PhotoViewer
          name={`Floor plans: ${headline}`}
          total={images.length}
          file={first.file}
          alt={floorPlanAlt(first)}
        />
      ) : null}
    </div>
  );
}
