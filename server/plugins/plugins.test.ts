import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";

describe("images and health", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp("sqlite");
  });
  afterAll(() => test.close());

  it("serves images with their content type and a long cache lifetime", async () => {
    const png = await test.app.inject({ url: "/images/no.png" });
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["cache-control"]).toMatch(/max-age=31536000.*immutable/);
    const jpeg = await test.app.inject({ url: "/images/property/house.jpg" });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
  });

  it.each([
    "/images/property/missing.jpg",
    "/images/property/",
    "/images/",
    "/images/../package.json",
    "/images/property/../../package.json",
    "/images/%2e%2e/package.json",
    "/images/property/%2e%2e%2f%2e%2e%2fpackage.json",
    "/images/..%2f..%2fetc%2fpasswd",
  ])("answers 404 for %s, never a file outside the image folder", async (url) => {
    const response = await test.app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"name"');
  });

  it("reports liveness and readiness", async () => {
    expect((await test.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await test.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("sends security headers and a request id", async () => {
    const response = await test.app.inject({ url: "/healthz" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // No inline script is allowed but a page's own, by hash (decision 031): none here.
    expect(response.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
