import { Link } from "react-router";

export interface PageBannerProps {
  /** The page's name, shown as the last breadcrumb step. */
  title: string;
  /** The banner's heading (the page's h1); defaults to `title`. */
  heading?: string;
}

/**
 * The sub-banner of the inner pages: the page's h1 and a Home breadcrumb
 * (`Home / <title>`). Renders the page's only h1, so the page itself must not add another.
 */
export function PageBanner({ title, heading }: PageBannerProps) {
  return (
    <section className="page-banner">
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
