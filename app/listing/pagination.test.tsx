import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination.tsx";

function render(page: number, pageCount: number, url = "/search") {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <Pagination page={page} pageCount={pageCount} />
    </MemoryRouter>,
  );
}

/** The opening tag of the element labelled `label`. */
function tagOf(html: string, label: string): string {
  return html.match(new RegExp(`<(a|button) [^>]*aria-label="${label}"[^>]*>`))?.[0] ?? "";
}

describe("Pagination", () => {
  it("renders nothing without pages", () => {
    expect(render(1, 0)).toBe("");
  });

  it("disables previous on the first page and links next", () => {
    const html = render(1, 3);
    const previous = tagOf(html, "Previous page");
    expect(previous).toMatch(/^<button /);
    // `disabled` alone: aria-disabled on a disabled button is redundant (the HTML checker warns).
    expect(previous).toMatch(/ disabled=""/);
    expect(previous).not.toContain("aria-disabled");
    expect(tagOf(html, "Next page")).toMatch(/^<a [^>]*href="\/search\?page=2"/);
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*href="\/search\?page=1"[^>]*>1<\/a>/);
    expect(html.match(/>\d<\/a>/g)).toEqual([">1</a>", ">2</a>", ">3</a>"]);
  });

  it("disables next on the last page and links previous", () => {
    const html = render(3, 3);
    expect(tagOf(html, "Next page")).toMatch(/^<button [^>]* disabled=""/);
    expect(tagOf(html, "Previous page")).toMatch(/^<a [^>]*href="\/search\?page=2"/);
  });

  it("keeps the other query parameters in its links", () => {
    const html = render(1, 2, "/search?email=loft&location=Canada");
    expect(html).toContain('href="/search?email=loft&amp;location=Canada&amp;page=2"');
  });
});
