import { describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ count: 0 }));

vi.mock("sanitize-html", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof import("sanitize-html") }).default;
  const counted = (...args: Parameters<typeof real>) => {
    calls.count += 1;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

const { sanitizeDescription } = await import("./description.server.ts");

describe("sanitizeDescription's cache", () => {
  it("sanitises a description once, and an edited description again", async () => {
    const html = '<p onclick="x()">Sunny flat</p>';
    expect(await sanitizeDescription(html)).toBe("<p>Sunny flat</p>");
    expect(await sanitizeDescription(html)).toBe("<p>Sunny flat</p>");
    expect(calls.count).toBe(1);
    expect(await sanitizeDescription('<p onclick="x()">Sunny flat, garden</p>')).toBe(
      "<p>Sunny flat, garden</p>",
    );
    expect(calls.count).toBe(2);
  });
});
