import { useLocation } from "react-router";
import { Breadcrumb } from "./breadcrumb.tsx";

export interface PageBannerProps {
  /** The page's name, shown as the last breadcrumb step. */
  title: string;
  /** The banner's heading (the page's h1); defaults to `title`. */
  heading?: string;
  /** Pages between Home and this one (a property before its booking page). */
  within?: readonly { name: string; path: string }[];
}

/**
 * The sub-banner of the inner pages: the page's h1 and a Home breadcrumb
 * (`Home / <title>`, or `Home / <within…> / <title>`), also as a `BreadcrumbList` for search
 * engines. Renders the page's only h1, so the page itself must not add another.
 */
export function PageBanner({ title, heading, within = [] }: PageBannerProps) {
  const { pathname } = useLocation();
  const trail = [{ name: "Home", path: "/" }, ...within, { name: title, path: pathname }];
  return (
    <section className="page-banner">
      <div className="page-banner__inner">
        <h1 className="page-banner__title">{heading ?? title}</h1>
        <Breadcrumb trail={trail} tone="on-dark" />
      </div>
    </section>
  );
}
