import { Link } from "react-router";
import { breadcrumbJsonLd, type Crumb } from "../../seo/json-ld.ts";
import { JsonLdScript } from "../../seo/json-ld-script.tsx";
import { useSiteSettings } from "../../site-settings.ts";

export interface BreadcrumbProps {
  /** From Home to the current page; the last step is the page itself and is not a link. */
  trail: readonly Crumb[];
  /** The banner of the inner pages is dark; the property page's header is light. */
  tone: "on-dark" | "on-light";
}

/**
 * A page's breadcrumb trail, for visitors and, as a `BreadcrumbList`, for search engines. The
 * steps flow as text, so a long last step wraps by words after its "/" separator instead of
 * carrying the separator to the start of the next line.
 */
export function Breadcrumb({ trail, tone }: BreadcrumbProps) {
  const { siteUrl } = useSiteSettings();
  const last = trail.length - 1;
  return (
    <>
      <JsonLdScript data={breadcrumbJsonLd(siteUrl, trail)} />
      <nav aria-label="Breadcrumb" className={`breadcrumb breadcrumb--${tone}`}>
        <ol className="breadcrumb__trail">
          {trail.map((step, index) =>
            index === last ? (
              <li key={step.path} className="breadcrumb__step" aria-current="page">
                {step.name}
              </li>
            ) : (
              <li key={step.path} className="breadcrumb__step">
                <Link to={step.path} className="breadcrumb__link">
                  {step.name}
                </Link>
              </li>
            ),
          )}
        </ol>
      </nav>
    </>
  );
}
