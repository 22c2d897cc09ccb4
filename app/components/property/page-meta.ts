import type { MetaDescriptor } from "react-router";

type MetaMatch = { meta?: readonly MetaDescriptor[] } | undefined;

/**
 * A page's meta: the parent routes' descriptors (the profile's description and social tags)
 * with the titles led by `title`, such as 'Properties Grid | Business Name'.
 */
export function metaWithTitle(matches: readonly MetaMatch[], title: string): MetaDescriptor[] {
  const inherited = matches.flatMap((match) => match?.meta ?? []);
  const siteTitle = inherited.find(
    (descriptor): descriptor is { title: string } => "title" in descriptor,
  )?.title;
  const full = siteTitle && siteTitle !== title ? `${title} | ${siteTitle}` : title;
  const retitled = inherited
    .filter((descriptor) => !("title" in descriptor))
    .map((descriptor) =>
      "property" in descriptor && descriptor.property === "og:title"
        ? { ...descriptor, content: full }
        : "name" in descriptor && descriptor.name === "twitter:title"
          ? { ...descriptor, content: full }
          : descriptor,
    );
  return [{ title: full }, ...retitled];
}
