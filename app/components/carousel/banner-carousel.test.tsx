import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Slider } from "../../../lib/api-contract.ts";
import { BannerCarousel } from "./banner-carousel.tsx";

function render(sliders: readonly Slider[]): string {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <BannerCarousel sliders={sliders} /> },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

const linkContents = (html: string, href: string): string[] =>
  [...html.matchAll(new RegExp(`<a[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`, "g"))].map(
    (match) => match[1] ?? "",
  );

/** The text of each link to `href`, its hidden words included (what search engines read). */
function linkTexts(html: string, href: string): string[] {
  return linkContents(html, href).map((content) => content.replace(/<[^>]+>/g, ""));
}

/** The words each link to `href` shows: its text without the visually hidden parts. */
function shownLinkTexts(html: string, href: string): string[] {
  return linkContents(html, href).map((content) =>
    content.replace(/<span class="visually-hidden">[^<]*<\/span>/g, "").replace(/<[^>]+>/g, ""),
  );
}

describe("the home banner", () => {
  it("gives every slide 'Get Started Now' to its link and 'Learn More' to /about, word for word", () => {
    const sliders: Slider[] = [
      { title: "First home", image_url: "one.jpg", link: "/property" },
      { title: "Second home", image_url: "two.jpg", link: "/contact" },
    ];
    const html = render(sliders);
    expect(shownLinkTexts(html, "/about")).toEqual(["Learn More", "Learn More"]);
    // Lighthouse's link-text audit reads the whole text: 'Learn More' alone fails it.
    expect(linkTexts(html, "/about")).toEqual(["Learn More about us", "Learn More about us"]);
    expect(linkTexts(html, "/property")).toEqual(["Get Started Now"]);
    expect(linkTexts(html, "/contact")).toEqual(["Get Started Now"]);
  });

  it("without sliders still offers 'Learn More'", () => {
    const html = render([]);
    expect(shownLinkTexts(html, "/about")).toEqual(["Learn More"]);
    expect(linkTexts(html, "/about")).toEqual(["Learn More about us"]);
  });
});
