import { afterAll, describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => ({ count: 0 }));

vi.mock("sanitize-html", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof import("sanitize-html") }).default;
  const counted = (...args: Parameters<typeof real>) => {
    calls.count += 1;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

// Test files share a worker's modules (vitest.config.ts, decision 108): forget the ones an
// earlier file loaded, so the description module loads here with the counted sanitiser, and
// forget the counted sanitiser once done, so no later file meets it.
vi.resetModules();
const { sanitizeDescription } = await import("./description.server.ts");

afterAll(() => {
  vi.doUnmock("sanitize-html");
  vi.resetModules();
});

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
