import sanitizeHtml from "sanitize-html";
import { describe, expect, it } from "vitest";
import { descriptionAllowList, descriptionParagraphs } from "./description-html.ts";

/** What a save stores of a posted description (server/content/property-record.ts). */
const stored = (posted: string) =>
  descriptionParagraphs(sanitizeHtml(posted, descriptionAllowList));

describe("a posted description's paragraphs", () => {
  it("stores markup without any text as nothing, so a feed's SQL sees it missing", () => {
    expect(descriptionParagraphs("<p> &nbsp;</p><p><br></p>")).toBe("");
    expect(descriptionParagraphs("\n\n")).toBe("");
    expect(descriptionParagraphs("<p>A garden</p>")).toBe("<p>A garden</p>");
  });

  it("keeps each line typed into an empty rich text box (Chromium's <div>s) a paragraph", () => {
    expect(stored("Big garden.<div>Second paragraph<br>line two</div>")).toBe(
      "<p>Big garden.</p><p>Second paragraph<br />line two</p>",
    );
    expect(stored("<p>Big garden.</p><p>Second paragraph</p>")).toBe(
      "<p>Big garden.</p><p>Second paragraph</p>",
    );
  });

  it("makes plain text from the textarea paragraphs: a blank line splits, a line break stays", () => {
    expect(stored("Big garden.\r\n\r\nSecond paragraph\r\nline two\r\n")).toBe(
      "<p>Big garden.</p><p>Second paragraph<br>line two</p>",
    );
    expect(stored("<strong>Bold</strong> start\n\n<em>Second</em>")).toBe(
      "<p><strong>Bold</strong> start</p><p><em>Second</em></p>",
    );
  });

  it("leaves blocks, and the white space between them, as they are", () => {
    const html =
      "<h3>Inside</h3>\n<p>One\n\ntwo</p>\n<ul><li>A</li></ul>\n<blockquote>Q</blockquote>";
    expect(stored(html)).toBe(html);
    expect(descriptionParagraphs("")).toBe("");
    expect(descriptionParagraphs("<br>")).toBe("");
  });

  it("does not split text inside an inline element", () => {
    expect(descriptionParagraphs("<strong>One\n\ntwo</strong>")).toBe(
      "<p><strong>One<br><br>two</strong></p>",
    );
  });
});
