import { use, useEffect, useMemo } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  type UIMatch,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { siteRequestContext } from "#app-context";
import type { Property } from "../lib/api-contract.ts";
import type { Route } from "./+types/root";
import { AdminErrorPage } from "./admin/error-page.tsx";
import { FrameHtmlContext, FramePart } from "./components/frame/frame-part.tsx";
import { SiteFooter } from "./components/frame/site-footer.tsx";
import { SiteHeader } from "./components/frame/site-header.tsx";
import { TopBar } from "./components/frame/top-bar.tsx";
import { dataUnavailableMessage } from "./data-unavailable.ts";
import { enhanceScriptUrl } from "./enhance-script.server.ts";
import { documentHydrates, isBackOffice } from "./hydration.ts";
import { organizationJsonLd } from "./seo/json-ld.ts";
import { JsonLdScript } from "./seo/json-ld-script.tsx";
import { buildPageMeta, errorPageSeo, seoSiteOf } from "./seo/meta.ts";
import { defaultSiteSettings, type SiteSettings, SiteSettingsContext } from "./site-settings.ts";
import {
  initialRecords,
  type RecordsAction,
  RecordsContext,
  type RecordsState,
  recordsReducer,
} from "./store/records.ts";
import siteCss from "./styles/site.css?url";

/** A small house mark in the brand colour, inline so the browser's favicon request never 404s. */
const favicon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0b6e4f"/><path d="M8 15 16 8l8 7v9H8z" fill="#fff"/><path d="M14 24v-5h4v5" fill="#0b6e4f"/></svg>',
)}`;

export const links: Route.LinksFunction = () => [
  { rel: "icon", type: "image/svg+xml", href: favicon },
  { rel: "stylesheet", href: siteCss },
];

/**
 * SPEC §4 'Loading': the amenity and category lists and the company profile, fetched in
 * parallel for the shared state. Failures are silent (the client answers empty values).
 * Properties are not loaded here: every visit would download every property. Each page loads
 * the properties it shows, and the shared 'property' records are set from them (see
 * `pageProperties`).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, api } = context.get(siteRequestContext);
  const [amenity, category, profile] = await Promise.all([
    api.getAmenities(),
    api.getCategoryCounters(),
    api.getCompanyProfile(),
  ]);
  const settings: SiteSettings = {
    imageBaseUrl: config.imageBaseUrl,
    imageDerivatives: config.imageDerivatives,
    investorsUrl: config.investorsUrl,
    siteUrl: config.siteUrl,
    currency: config.currency,
    areaUnit: config.areaUnit,
    ...(config.mapTileUrl
      ? { mapTiles: { url: config.mapTileUrl, attribution: config.mapTileAttribution ?? "" } }
      : {}),
  };
  return {
    records: { amenity, profile: profile ? [profile] : [], property: [], category } as RecordsState,
    settings,
    /** The script of documents that do not hydrate (see `useHydration`). */
    enhanceScript: enhanceScriptUrl(),
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

/** The lists do not change while browsing: reload them only after a form submission. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return false;
}

/**
 * SPEC §1: the title, description and social metadata come from the company profile. Every
 * route has its own `meta` (app/seo/meta.ts); this one serves the error page.
 */
export const meta: Route.MetaFunction = ({ loaderData, location, error }) =>
  buildPageMeta(
    seoSiteOf(loaderData),
    error ? errorPageSeo(error) : { canonicalPath: location.pathname },
  );

/**
 * The shared state of SPEC §3 from the root loader's lists: the initial (empty) records with
 * one 'set records' action per collection. `property` is the current page's properties, when
 * it has any (they replace the root's empty list).
 */
export function recordsFromLoader(
  records: RecordsState | undefined,
  property?: Property[],
): RecordsState {
  const actions: RecordsAction[] = records
    ? [
        { type: "set records", name: "amenity", records: records.amenity },
        { type: "set records", name: "profile", records: records.profile },
        { type: "set records", name: "property", records: records.property },
        { type: "set records", name: "category", records: records.category },
      ]
    : [];
  if (property) actions.push({ type: "set records", name: "property", records: property });
  return actions.reduce(recordsReducer, initialRecords);
}

/**
 * The properties the current page loaded: the `properties` list of the deepest route whose
 * loader answered one (a listing's page, the home collections' items, a detail's similar
 * properties, the gallery).
 */
export function pageProperties(matches: readonly Pick<UIMatch, "loaderData">[]) {
  for (const match of [...matches].reverse()) {
    const data = match.loaderData as { properties?: unknown } | null | undefined;
    if (data && Array.isArray(data.properties)) return data.properties as Property[];
  }
  return undefined;
}

function useRecordsStore(records: RecordsState | undefined): RecordsState {
  const property = pageProperties(useMatches());
  return useMemo(() => recordsFromLoader(records, property), [records, property]);
}

/** What a route module's `handle` may say to the root. */
export interface RouteHandle {
  /**
   * The query parameters the route reads (its loader, its components). The page cache keeps a
   * page per path and these parameters only, so other parameters share the page (decision
   * 028); a route that reads a parameter not listed here shows every visitor the same page.
   */
  searchParams?: readonly string[];
}

/**
 * Whether this document hydrates React (app/hydration.ts). Decided on the server only: in the
 * browser React runs only in documents that hydrated, the back office's.
 */
function useHydration(enhanceScript: string | undefined): boolean {
  const { pathname } = useLocation();
  if (!import.meta.env.SSR) return true;
  return documentHydrates(pathname, enhanceScript);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const enhanceScript = data?.enhanceScript;
  const hydrate = useHydration(enhanceScript);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteSettingsContext value={data?.settings ?? defaultSiteSettings}>
          {children}
        </SiteSettingsContext>
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <script type="module" src={enhanceScript} />
        )}
      </body>
    </html>
  );
}

/** The company as structured data on every page, from the profile (when it could be read). */
function OrganizationJsonLd() {
  const data = useRouteLoaderData<typeof loader>("root");
  const site = seoSiteOf(data);
  const profile = data?.records.profile[0];
  if (!profile?.business_name) return null;
  return <JsonLdScript data={organizationJsonLd(site.siteUrl, profile, site.logoUrl)} />;
}

/** The common frame of SPEC §2 around a page, with the shared state provided. */
function SiteFrame({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const records = useRecordsStore(data?.records);
  // Rendered once for the section (frame-html.server.tsx); live where the page hydrates.
  const frame = use(FrameHtmlContext);
  return (
    <RecordsContext.Provider value={records}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {frame ? (
        <FramePart html={frame.top} />
      ) : (
        <>
          <TopBar />
          <SiteHeader />
        </>
      )}
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {frame ? <FramePart html={frame.bottom} /> : <SiteFooter />}
      <OrganizationJsonLd />
    </RecordsContext.Provider>
  );
}

export default function App() {
  // Marks the document once React has taken over (the back office), for tests; a public page
  // gets data-enhanced from its script instead.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  // The back office has its own frame (app/routes/admin/layout.tsx).
  if (isBackOffice(useLocation().pathname)) return <Outlet />;
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let status = 500;
  let heading = "Something went wrong";
  let details = "An unexpected error occurred. Please try again in a moment.";
  let stack: string | undefined;

  if (isRouteErrorResponse(error) && error.status === 503) {
    // The page's data could not be read (the database is away, decision 088): a 503 that
    // no cache keeps, and that a proxy answers with its last good copy.
    status = 503;
    heading = "Briefly unavailable";
    details = dataUnavailableMessage;
  } else if (isRouteErrorResponse(error)) {
    status = error.status;
    heading =
      error.status === 404 ? "Ooops, This Page Could Not Be Found!" : "Something went wrong";
    details =
      error.status === 404
        ? "The page you are looking for might have been removed, had its name changed, or is temporarily unavailable."
        : error.statusText || details;
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
    stack = error.stack;
  }

  if (isBackOffice(useLocation().pathname)) return <AdminErrorPage error={error} />;
  return (
    <SiteFrame>
      <section className="status-page">
        <p className="status-page__code">{status}</p>
        <h1 className="status-page__title">{heading}</h1>
        <p className="status-page__text">{details}</p>
        {stack ? (
          <pre className="status-page__stack">
            <code>{stack}</code>
          </pre>
        ) : null}
        <a className="button button--primary" href="/">
          Back to home
        </a>
      </section>
    </SiteFrame>
  );
}
