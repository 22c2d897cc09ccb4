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

/** The text of each link to `href`, its hidden words included. */
function linkTexts(html: string, href: string): string[] {
  return [...html.matchAll(new RegExp(`<a[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`, "g"))].map(
    (match) => (match[1] ?? "").replace(/<[^>]+>/g, ""),
  );
}

describe("the home banner", () => {
  it("gives every slide 'Get Started Now' to its link and 'Learn More' to /about, word for word", () => {
    const sliders: Slider[] = [
      { title: "First home", image_url: "one.jpg", link: "/property" },
      { title: "Second home", image_url: "two.jpg", link: "/contact" },
    ];
    const html = render(sliders);
    expect(linkTexts(html, "/about")).toEqual(["Learn More", "Learn More"]);
    expect(linkTexts(html, "/property")).toEqual(["Get Started Now"]);
    expect(linkTexts(html, "/contact")).toEqual(["Get Started Now"]);
  });

  it("without sliders still offers 'Learn More'", () => {
    expect(linkTexts(render([]), "/about")).toEqual(["Learn More"]);
  });
});
