import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { ConfigError, defaultApiToken, loadConfig, minimumExposedTokenLength } from "./env.ts";

describe("loadConfig", () => {
  it("reads .env.example, which the guides say to copy, as the defaults it documents", () => {
    const example = parseEnv(readFileSync(new URL("../.env.example", import.meta.url), "utf8"));
    expect(Object.keys(example).length).toBeGreaterThan(20);
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });

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
      PAGE_CACHE_MAX_MB: 16,
      API_CACHE_TTL: 5,
    });
  });

  it("reads TRUSTED_PROXIES as Fastify does, and names an entry it cannot read", () => {
    const good = "10.0.0.5, 10.0.0.0/8,fd00::/8, 192.168.0.0/255.255.0.0,loopback";
    expect(loadConfig({ TRUSTED_PROXIES: good }).TRUSTED_PROXIES).toEqual([
      "10.0.0.5",
      "10.0.0.0/8",
      "fd00::/8",
      "192.168.0.0/255.255.0.0",
      "loopback",
    ]);
    for (const bad of [
      "127.0.0.1;10.0.0.5",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.0/ffff::",
      "proxy",
    ]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: bad }), bad).toThrow(
        `TRUSTED_PROXIES: "${bad}" is not an IP address`,
      );
    }
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

  it("reads the map's tile URL and attribution, refusing a template it cannot draw (054)", () => {
    expect(loadConfig({}).MAP_TILE_URL).toBeUndefined();
    expect(loadConfig({}).MAP_TILE_ATTRIBUTION).toBe("");
    const url = "https://tiles.example.com/{z}/{x}/{y}.png";
    expect(
      loadConfig({ MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors" }),
    ).toMatchObject({ MAP_TILE_URL: url, MAP_TILE_ATTRIBUTION: "© OpenStreetMap contributors" });
    for (const bad of [
      "https://{s}.tile.example.com/{z}/{x}/{y}.png",
      "https://tiles.example.com/{z}/{x}.png",
      "/tiles/{z}/{x}/{y}.png",
      "ftp://tiles.example.com/{z}/{x}/{y}.png",
    ]) {
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow("MAP_TILE_URL");
    }
  });

  it("reads the geocoder's address, none by default, refusing one that is not http(s) (069)", () => {
    expect(loadConfig({}).GEOCODER_URL).toBeUndefined();
    expect(loadConfig({ GEOCODER_URL: "https://nominatim.example.com/" }).GEOCODER_URL).toBe(
      "https://nominatim.example.com",
    );
    for (const bad of ["nominatim.example.com", "ftp://nominatim.example.com", "file:///etc"]) {
      expect(() => loadConfig({ GEOCODER_URL: bad }), bad).toThrow("GEOCODER_URL");
    }
  });

  it("reads rate limits and 'off'", () => {
    expect(loadConfig({ CONTACT_RATE_LIMIT: "20/1h" }).CONTACT_RATE_LIMIT).toEqual({
      max: 20,
      windowMs: 3_600_000,
    });
    expect(loadConfig({ CONTACT_RATE_LIMIT: "off" }).CONTACT_RATE_LIMIT).toBe("off");
  });

  it("reads the enquiry retention in days, off by default, and refuses anything else", () => {
    expect(loadConfig({}).ENQUIRY_RETENTION_DAYS).toBeUndefined();
    expect(loadConfig({ ENQUIRY_RETENTION_DAYS: "off" }).ENQUIRY_RETENTION_DAYS).toBeUndefined();
    expect(loadConfig({ ENQUIRY_RETENTION_DAYS: "365" }).ENQUIRY_RETENTION_DAYS).toBe(365);
    for (const bad of ["0", "-5", "1.5", "a year", "36501"]) {
      expect(() => loadConfig({ ENQUIRY_RETENTION_DAYS: bad }), bad).toThrow(
        "ENQUIRY_RETENTION_DAYS: must be a whole number of days from 1 to 36500, or 'off'",
      );
    }
  });

  it("reads the hours between photo sweeps, off by default, and refuses anything else", () => {
    expect(loadConfig({}).PHOTO_SWEEP_HOURS).toBeUndefined();
    expect(loadConfig({ PHOTO_SWEEP_HOURS: "OFF" }).PHOTO_SWEEP_HOURS).toBeUndefined();
    expect(loadConfig({ PHOTO_SWEEP_HOURS: "24" }).PHOTO_SWEEP_HOURS).toBe(24);
    for (const bad of ["0", "1.5", "daily", "8761"]) {
      expect(() => loadConfig({ PHOTO_SWEEP_HOURS: bad }), bad).toThrow(
        "PHOTO_SWEEP_HOURS: must be a whole number of hours from 1 to 8760, or 'off'",
      );
    }
  });

  it("turns image derivatives (srcset) off for an image host without them", () => {
    expect(loadConfig({ IMAGE_DERIVATIVES: "false" }).IMAGE_DERIVATIVES).toBe(false);
    expect(() => loadConfig({ IMAGE_DERIVATIVES: "no" })).toThrow(/IMAGE_DERIVATIVES/);
  });

  it("shows prices in dollars with two decimals and areas in sq ft by default (SPEC §9)", () => {
    expect(loadConfig({})).toMatchObject({
      CURRENCY: { symbol: "$", code: "USD", decimals: 2 },
      AREA_UNIT: "sqft",
      SOLD_LISTING_SITEMAP_DAYS: 30,
    });
  });

  it("reads a currency code, with its own symbol and decimals or the ones given", () => {
    expect(loadConfig({ CURRENCY: "eur" }).CURRENCY).toEqual({
      symbol: "€",
      code: "EUR",
      decimals: 2,
    });
    expect(loadConfig({ CURRENCY: "JPY" }).CURRENCY).toEqual({
      symbol: "¥",
      code: "JPY",
      decimals: 0,
    });
    expect(loadConfig({ CURRENCY: "GBP, £ ,0" }).CURRENCY).toEqual({
      symbol: "£",
      code: "GBP",
      decimals: 0,
    });
    for (const bad of ["dollars", "USD,$,7", "USD,,2", "USD,$,2,x", "XYZW"]) {
      expect(() => loadConfig({ CURRENCY: bad }), bad).toThrow(/CURRENCY: /);
    }
  });

  it("reads the area unit and the days a taken listing stays in the sitemap", () => {
    expect(loadConfig({ AREA_UNIT: "m2" }).AREA_UNIT).toBe("m2");
    expect(loadConfig({ AREA_UNIT: "sq ft" }).AREA_UNIT).toBe("sqft");
    expect(() => loadConfig({ AREA_UNIT: "acres" })).toThrow(/AREA_UNIT: must be 'sqft' or 'm2'/);
    expect(loadConfig({ SOLD_LISTING_SITEMAP_DAYS: "0" }).SOLD_LISTING_SITEMAP_DAYS).toBe(0);
    expect(() => loadConfig({ SOLD_LISTING_SITEMAP_DAYS: "-1" })).toThrow(
      /SOLD_LISTING_SITEMAP_DAYS/,
    );
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

  describe("the API token in production", () => {
    const production = { NODE_ENV: "production" };
    const longToken = "x".repeat(minimumExposedTokenLength);

    it("accepts the default token on loopback with no public SITE_URL (zero configuration)", () => {
      expect(loadConfig(production).API_TOKEN).toBe(defaultApiToken);
      expect(loadConfig({ ...production, HOST: "::1" }).API_TOKEN).toBe(defaultApiToken);
      expect(loadConfig({ ...production, SITE_URL: "http://localhost:3000" }).API_TOKEN).toBe(
        defaultApiToken,
      );
    });

    it("refuses the default token, naming API_TOKEN, when listening beyond loopback", () => {
      expect(() => loadConfig({ ...production, HOST: "0.0.0.0" })).toThrow(
        /^Invalid configuration: API_TOKEN: the default token is refused .*HOST=0\.0\.0\.0/,
      );
    });

    it("refuses the default token behind a public SITE_URL", () => {
      expect(() => loadConfig({ ...production, SITE_URL: "https://homes.example.com" })).toThrow(
        /API_TOKEN: the default token is refused .*SITE_URL=https:\/\/homes\.example\.com/,
      );
    });

    it(`refuses a token shorter than ${minimumExposedTokenLength} characters when exposed`, () => {
      const short = "s".repeat(minimumExposedTokenLength - 1);
      expect(() => loadConfig({ ...production, HOST: "0.0.0.0", API_TOKEN: short })).toThrow(
        new RegExp(`API_TOKEN: must be at least ${minimumExposedTokenLength} characters`),
      );
      expect(loadConfig({ ...production, HOST: "0.0.0.0", API_TOKEN: longToken }).API_TOKEN).toBe(
        longToken,
      );
      expect(
        loadConfig({ ...production, SITE_URL: "https://homes.example.com", API_TOKEN: longToken })
          .API_TOKEN,
      ).toBe(longToken);
    });

    it("accepts a short token on loopback, and any non-empty token outside production", () => {
      expect(loadConfig({ ...production, API_TOKEN: "short" }).API_TOKEN).toBe("short");
      expect(loadConfig({ NODE_ENV: "test", HOST: "0.0.0.0" }).API_TOKEN).toBe(defaultApiToken);
    });

    it("refuses an empty token", () => {
      expect(() => loadConfig({ ...production, API_TOKEN: "" })).toThrow(
        /API_TOKEN: must not be empty/,
      );
    });
  });

  it("refuses a DATABASE_URL that is neither file: nor postgres://", () => {
    for (const url of ["mysql://root@localhost/homes", "postgress://localhost/homes", "app.db"]) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /^Invalid configuration: DATABASE_URL: must be a file: URL \(SQLite\) or a postgres:\/\/ URL/,
      );
    }
    for (const url of ["file:./data/x.db", "postgres://a@h/db", "postgresql://a@h/db"]) {
      expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
    }
  });

  it("refuses an empty token outside production too", () => {
    expect(() => loadConfig({ API_TOKEN: "" })).toThrow(/API_TOKEN: must not be empty/);
  });
});
