import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "./description.server.ts";

describe("sanitizeDescription", () => {
  it("keeps paragraphs, lists, emphasis and small headings as they are", async () => {
    const html =
      "<h3>Overview</h3><p>A <strong>bright</strong> flat, <em>close</em> to the park.</p>" +
      "<ul><li>Two bedrooms</li><li>Garden<br />view</li></ul><blockquote>Quiet</blockquote>";
    expect(await sanitizeDescription(html)).toBe(html);
  });

  it.each([
    ["<p>Hi</p><script>alert(1)</script>", "<p>Hi</p>"],
    ['<img src="x" onerror="alert(1)" /><p>Hi</p>', "<p>Hi</p>"],
    ['<p onclick="alert(1)" style="color:red" class="x">Hi</p>', "<p>Hi</p>"],
    ["<style>body{display:none}</style><p>Hi</p>", "<p>Hi</p>"],
    ['<iframe src="https://evil.example"></iframe><p>Hi</p>', "<p>Hi</p>"],
    ["<svg><script>alert(1)</script></svg><p>Hi</p>", "<p>Hi</p>"],
    ['<form action="/x"><input name="a" /></form><p>Hi</p>', "<p>Hi</p>"],
    ["<h1>Big</h1>", "Big"],
  ])("drops what is not allowed: %s", async (html, expected) => {
    expect(await sanitizeDescription(html)).toBe(expected);
  });

  it("keeps web and mail links only, and marks them nofollow noopener", async () => {
    expect(
      await sanitizeDescription('<a href="https://example.com/plan" target="_top">Plan</a>'),
    ).toBe('<a href="https://example.com/plan" rel="nofollow noopener noreferrer">Plan</a>');
    expect(await sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="nofollow noopener noreferrer">x</a>',
    );
    expect(await sanitizeDescription('<a href="//evil.example">x</a>')).toBe(
      '<a rel="nofollow noopener noreferrer">x</a>',
    );
  });

  it("escapes text that only looks like markup", async () => {
    expect(await sanitizeDescription('5 < 6 & "quoted"')).toBe('5 &lt; 6 &amp; "quoted"');
  });
});
