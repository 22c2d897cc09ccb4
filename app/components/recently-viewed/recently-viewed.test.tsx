import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecentlyViewed } from "./recently-viewed.tsx";

describe("the recently viewed section's server HTML", () => {
  it("is hidden and empty, the same for every visitor: the script fills and shows it", () => {
    const html = renderToStaticMarkup(<RecentlyViewed currentCode="HP-1001" />);
    expect(html).toMatch(/^<section class="recently-viewed"[^>]* hidden="">/);
    expect(html).toContain('data-enhance="recently-viewed"');
    expect(html).toContain('data-current-code="HP-1001"');
    expect(html).toContain('data-remember="true"');
    expect(html).toContain('<ul class="recently-viewed__list" data-recent-list="true"></ul>');
    expect(html).toContain(">Recently viewed</h2>");
  });

  it("carries the card the script copies, its picture decorative beside the headline", () => {
    const html = renderToStaticMarkup(<RecentlyViewed />);
    const template = html.match(/<template data-template="viewed-card">([\s\S]*)<\/template>/)?.[1];
    expect(template).toContain('<a class="viewed-card__link"');
    expect(template).toMatch(/<img class="viewed-card__image"[^>]* alt=""/);
    expect(template).toContain('<span class="viewed-card__title">-</span>');
    expect(html).not.toContain("data-current-code");
    expect(html).not.toContain("data-remember");
  });

  it("does not remember the home of the back office's preview", () => {
    const html = renderToStaticMarkup(<RecentlyViewed currentCode="HP-1001" remember={false} />);
    expect(html).toContain('data-current-code="HP-1001"');
    expect(html).not.toContain("data-remember");
  });
});
