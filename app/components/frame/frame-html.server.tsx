/**
 * The parts of the common frame (SPEC §2) that are the same on every page of a section: the top
 * bar and header above the page, the footer below it. They depend only on the company profile,
 * the public settings and which navigation link is current, so each combination is rendered
 * once and its HTML reused until one of them changes (issue 15: a page renders only its own
 * content). Public pages do not hydrate React (decision 043), so nothing in the browser has to
 * render the same markup again; their behaviours (the menu) run from the enhancement module.
 */
import { LRUCache } from "lru-cache";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { CompanyProfile } from "../../../lib/api-contract.ts";
import { type SiteSettings, SiteSettingsContext } from "../../site-settings.ts";
import { initialRecords, RecordsContext } from "../../store/records.ts";
import type { FrameHtml } from "./frame-part.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { TopBar } from "./top-bar.tsx";

/**
 * The path that decides the header's current link: the first segment of the page's path (the
 * navigation links are one segment deep, and only Home must match exactly). Every property
 * page shares the frame of `/property`.
 */
export function frameSectionOf(pathname: string): string {
  const segment = pathname.split("/")[1] ?? "";
  return `/${segment}`;
}

/**
 * A handful of entries at most: a profile and settings with one per section. A new profile (a
 * content change) is a new key; the old entries age out.
 */
const rendered = new LRUCache<string, FrameHtml>({ max: 64 });

function render(
  profile: CompanyProfile | undefined,
  settings: SiteSettings,
  section: string,
): FrameHtml {
  const records = { ...initialRecords, profile: profile ? [profile] : [] };
  const part = (children: React.ReactNode, idPrefix: string) =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[section]}>
        <SiteSettingsContext value={settings}>
          <RecordsContext value={records}>{children}</RecordsContext>
        </SiteSettingsContext>
      </MemoryRouter>,
      // useId must not repeat the ids of the page rendered around these parts.
      { identifierPrefix: idPrefix },
    );
  return {
    top: part(
      <>
        <TopBar />
        <SiteHeader />
      </>,
      "frame-top-",
    ),
    bottom: part(<SiteFooter />, "frame-bottom-"),
  };
}

/** The frame's HTML for a page at `pathname`, rendered at most once per combination. */
export function frameHtml(
  profile: CompanyProfile | undefined,
  settings: SiteSettings,
  pathname: string,
): FrameHtml {
  const section = frameSectionOf(pathname);
  const key = JSON.stringify([profile ?? null, settings, section]);
  let html = rendered.get(key);
  if (!html) {
    html = render(profile, settings, section);
    rendered.set(key, html);
  }
  return html;
}
