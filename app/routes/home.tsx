import { type ReactNode, useMemo } from "react";
import { siteRequestContext } from "#app-context";
import type { Property } from "../../lib/api-contract.ts";
import { collectionNames } from "../../lib/collection-names.ts";
import { BannerCarousel } from "../components/carousel/banner-carousel.tsx";
import { FeaturedCarousel } from "../components/carousel/featured-carousel.tsx";
import { matchCollection, toCollectionRef } from "../components/home/collections.ts";
import { Counters } from "../components/home/counters.tsx";
import { GoneNoticeSection, goneParam, loadGoneNotice } from "../components/home/gone-notice.tsx";
import {
  FeaturedCard,
  ListingCard,
  PropertyTile,
  RecentCard,
} from "../components/home/home-cards.tsx";
import { LookingFor } from "../components/home/looking-for.tsx";
import { Newsletter } from "../components/home/newsletter.tsx";
import { PopularCategories } from "../components/home/popular-categories.tsx";
import { SearchPanel } from "../components/home/search-panel.tsx";
import { SectionHeading } from "../components/home/section-heading.tsx";
import { areaParam } from "../display-units.ts";
import type { RouteHandle } from "../root.tsx";
import { routeMeta } from "../seo/meta.ts";
import { useProfile } from "../store/records.ts";
import type { Route } from "./+types/home";

/**
 * SPEC §2 Home: the sliders and the three featured collections, fetched in parallel, then the
 * collections' items by code (one `codes=` search, not the whole property list).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(siteRequestContext);
  const [gone, sliders, ...collections] = await Promise.all([
    loadGoneNotice(api, new URL(request.url)),
    api.getSliders(),
    ...collectionNames.map((name) => api.getCollection(name)),
  ]);
  const [layout1, layout2, layout3] = collectionNames.map((name, index) =>
    toCollectionRef(name, collections[index]),
  );
  const properties = await api.findPropertiesByCodes(
    [layout1, layout2, layout3].flatMap((layout) => layout?.codes ?? []),
  );
  return {
    /** The word about a listing link that led here (`?gone={code}`, decision 072). */
    gone,
    sliders,
    /** Every collection's items: the 'property' records of the shared state. */
    properties,
    layout1: layout1!,
    layout2: layout2!,
    layout3: layout3!,
    /** The listings' ages are counted from here, on the server and in the browser alike. */
    renderedAt: new Date().toISOString(),
  };
}

/**
 * Its cards show areas in the unit `?area=` names (decision 046); `?gone=` names the listing a
 * link asked for (decision 072). The page cache keys it by both.
 */
export const handle: RouteHandle = { searchParams: [areaParam, goneParam] };

/** SPEC §1: the profile's business name and description, as they are. */
export const meta: Route.MetaFunction = (args) => routeMeta(args, { canonicalPath: "/" });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { gone, sliders, layout1, layout2, layout3, renderedAt, properties: property } = loaderData;
  const profile = useProfile();
  const featured = useMemo(() => matchCollection(layout3.codes, property), [layout3, property]);
  const latest = useMemo(() => matchCollection(layout2.codes, property), [layout2, property]);
  const hot = useMemo(() => matchCollection(layout1.codes, property), [layout1, property]);
  const now = useMemo(() => new Date(renderedAt), [renderedAt]);

  return (
    <>
      <h1 className="visually-hidden">
        {profile.business_name ? `${profile.business_name}: ` : ""}homes for rent and for sale
      </h1>
      {gone ? <GoneNoticeSection notice={gone} /> : null}
      <BannerCarousel sliders={sliders} />
      <div className="container">
        <SearchPanel />
      </div>

      <section className="section" aria-labelledby="featured-title">
        <div className="container">
          <SectionHeading
            id="featured-title"
            eyebrow="Handpicked"
            title="Featured Properties"
            text="A rotating selection of the homes our agents love right now."
          />
          {featured.length > 0 ? (
            <FeaturedCarousel
              label="Featured property slides"
              items={featured}
              itemKey={(item) => item.code}
              renderItem={(item) => <FeaturedCard property={item} />}
            />
          ) : (
            <p className="home__empty">No featured properties at the moment.</p>
          )}
        </div>
      </section>

      <LookingFor />

      <CollectionSection
        id="hot-title"
        eyebrow="In demand"
        title="Hot Properties"
        text="Listings that are drawing the most interest this week."
        layout="cards"
        items={hot}
        renderItem={(item) => <ListingCard property={item} now={now} />}
        empty="No hot properties at the moment."
      />

      <Counters />

      <CollectionSection
        id="latest-title"
        eyebrow="Just listed"
        title="Latest Properties"
        text="Fresh on the market: see them before anyone else."
        alt
        layout="tiles"
        items={latest}
        renderItem={(item) => <PropertyTile property={item} />}
        empty="No new properties at the moment."
      />

      <PopularCategories />

      <CollectionSection
        id="recent-title"
        eyebrow="Recently"
        title="Recently Added"
        text="The newest additions to our catalogue."
        alt
        layout="recent"
        items={latest}
        renderItem={(item) => <RecentCard property={item} />}
        empty="Nothing added recently."
      />

      <Newsletter />
    </>
  );
}

/** A home section listing a collection's properties in its layout, or saying it has none. */
function CollectionSection({
  id,
  eyebrow,
  title,
  text,
  alt = false,
  layout,
  items,
  renderItem,
  empty,
}: {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  /** On the alternate background. */
  alt?: boolean;
  layout: "cards" | "tiles" | "recent";
  items: readonly Property[];
  renderItem: (item: Property) => ReactNode;
  empty: string;
}) {
  return (
    <section className={alt ? "section section--alt" : "section"} aria-labelledby={id}>
      <div className="container">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} text={text} />
        {items.length > 0 ? (
          <ul className={`home__grid home__grid--${layout} column-list`}>
            {items.map((item) => (
              <li key={item.code}>{renderItem(item)}</li>
            ))}
          </ul>
        ) : (
          <p className="home__empty">{empty}</p>
        )}
      </div>
    </section>
  );
}
