import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

describe("loadConfig", () => {
  it("fills every default for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: 3000,
      DATABASE_URL: "file:./data/app.db",
      API_TOKEN: "dev-token",
      IMAGE_BASE_URL: "/images",
      IMAGE_DERIVATIVES: true,
      CONTACT_RATE_LIMIT: { max: 30, windowMs: 600_000 },
      TRUSTED_PROXIES: ["127.0.0.1", "::1"],
      PAGE_CACHE_TTL: 30,
      PAGE_CACHE_MAX_MB: 32,
      API_CACHE_TTL: 5,
    });
    expect(config.apiBaseUrl).toBe("http://127.0.0.1:3000/api");
  });

  it("reads the time-outs, and refuses a headers time-out longer than the request's", () => {
    expect(loadConfig({})).toMatchObject({ HEADERS_TIMEOUT: 10, REQUEST_TIMEOUT: 20 });
    expect(loadConfig({ HEADERS_TIMEOUT: "5", REQUEST_TIMEOUT: "60" })).toMatchObject({
      HEADERS_TIMEOUT: 5,
      REQUEST_TIMEOUT: 60,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT: "30", REQUEST_TIMEOUT: "20" })).toThrow(
      "HEADERS_TIMEOUT: must not be longer than REQUEST_TIMEOUT",
    );
  });

  it("points the API base at this server when it listens on every interface", () => {
    expect(loadConfig({ HOST: "0.0.0.0", PORT: "8080" }).apiBaseUrl).toBe(
      "http://127.0.0.1:8080/api",
    );
  });

  it("reads rate limits and 'off'", () => {
    expect(loadConfig({ CONTACT_RATE_LIMIT: "20/1h" }).CONTACT_RATE_LIMIT).toEqual({
      max: 20,
      windowMs: 3_600_000,
    });
    expect(loadConfig({ CONTACT_RATE_LIMIT: "off" }).CONTACT_RATE_LIMIT).toBe("off");
  });

  it("turns image derivatives (srcset) off for an image host without them", () => {
    expect(loadConfig({ IMAGE_DERIVATIVES: "false" }).IMAGE_DERIVATIVES).toBe(false);
    expect(() => loadConfig({ IMAGE_DERIVATIVES: "no" })).toThrow(/IMAGE_DERIVATIVES/);
  });

  it("names every bad key at once", () => {
    const attempt = () =>
      loadConfig({ PORT: "eighty", CONTACT_RATE_LIMIT: "lots", REDIS_URL: "localhost" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const keys = (error as ConfigError).problems.map((line) => line.split(":")[0]);
      expect(keys.sort()).toEqual(["CONTACT_RATE_LIMIT", "PORT", "REDIS_URL"]);
    }
  });

  it("refuses the default or an empty token in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/API_TOKEN/);
    expect(() => loadConfig({ NODE_ENV: "production", API_TOKEN: "" })).toThrow(/API_TOKEN/);
    expect(loadConfig({ NODE_ENV: "production", API_TOKEN: "s3cret-value" }).API_TOKEN).toBe(
      "s3cret-value",
    );
  });

  it("refuses an empty token outside production too", () => {
    expect(() => loadConfig({ API_TOKEN: "" })).toThrow(/API_TOKEN: must not be empty/);
  });
});
