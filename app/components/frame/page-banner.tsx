import { Link, useLocation } from "react-router";
import { breadcrumbJsonLd } from "../../seo/json-ld.ts";
import { JsonLdScript } from "../../seo/json-ld-script.tsx";
import { useSiteSettings } from "../../site-settings.ts";

export interface PageBannerProps {
  /** The page's name, shown as the last breadcrumb step. */
  title: string;
  /** The banner's heading (the page's h1); defaults to `title`. */
  heading?: string;
}

/**
 * The sub-banner of the inner pages: the page's h1 and a Home breadcrumb
 * (`Home / <title>`), also as a `BreadcrumbList` for search engines. Renders the page's only
 * h1, so the page itself must not add another.
 */
export function PageBanner({ title, heading }: PageBannerProps) {
  const { siteUrl } = useSiteSettings();
  const { pathname } = useLocation();
  const trail = [
    { name: "Home", path: "/" },
    { name: title, path: pathname },
  ];
  return (
    <section className="page-banner">
      <JsonLdScript data={breadcrumbJsonLd(siteUrl, trail)} />
      <div className="page-banner__inner">
        <h1 className="page-banner__title">{heading ?? title}</h1>
        <nav aria-label="Breadcrumb" className="page-banner__breadcrumb">
          <ol className="page-banner__trail">
            <li className="page-banner__step">
              <Link to="/" className="page-banner__link">
                Home
              </Link>
            </li>
            <li className="page-banner__step" aria-current="page">
              {title}
            </li>
          </ol>
        </nav>
      </div>
    </section>
  );
}
