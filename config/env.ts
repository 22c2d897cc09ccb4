/**
 * The one environment schema. Parsed once at boot; a bad environment stops the server with
 * one line per bad key, so an operator can fix them all at once.
 */
import { compile as compileProxyAddresses } from "@fastify/proxy-addr";
import { z } from "zod";
import {
  type AreaUnit,
  type CurrencyFormat,
  defaultCurrency,
  readAreaUnit,
} from "../lib/format.ts";
import { isKnownTimeZone } from "../lib/viewing-slots.ts";

export const defaultApiToken = "dev-token";
export const defaultDatabaseUrl = "file:./data/app.db";
export const defaultImageDir = "./data/images";
/** The shortest API_TOKEN an exposed production server accepts (see {@link isExposed}). */
export const minimumExposedTokenLength = 32;

/** `file:…` (SQLite) or `postgres://` / `postgresql://`: anything else is a mistake. */
const databaseUrlPattern = /^(file:|postgres(ql)?:\/\/)/i;

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "::1" ||
    /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/**
 * Whether other machines can reach this server: it listens beyond loopback, or SITE_URL names a
 * public address (a reverse proxy in front). Such a production server must have a real token.
 */
export function isExposed(env: { HOST: string; SITE_URL?: string | undefined }): boolean {
  if (!isLoopbackHost(env.HOST)) return true;
  return env.SITE_URL !== undefined && !isLoopbackHost(new URL(env.SITE_URL).hostname);
}

const rateLimitPattern = /^(\d+)\/(\d+)(s|m|h)$/;

/** A setting that is a whole number of `unit` from 1 to `max`, or `off` (the default: undefined). */
function wholeNumberOrOff(unit: string, max: number, initial = "off") {
  return z
    .string()
    .default(initial)
    .transform((value, context) => {
      const text = value.trim().toLowerCase();
      if (text === "off") return undefined;
      const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isSafeInteger(number) && number >= 1 && number <= max) return number;
      context.addIssue({
        code: "custom",
        message: `must be a whole number of ${unit} from 1 to ${max}, or 'off'`,
      });
      return z.NEVER;
    });
}

/** A per-visitor-IP limit such as '5/10m' (5 requests per 10 minutes), or 'off'. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

function parseRateLimit(value: string): RateLimit | "off" | undefined {
  if (value === "off") return "off";
  const match = rateLimitPattern.exec(value);
  if (!match) return undefined;
  const unitMs = { s: 1000, m: 60_000, h: 3_600_000 }[match[3] as "s" | "m" | "h"];
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * unitMs;
  return max > 0 && windowMs > 0 ? { max, windowMs } : undefined;
}

/**
 * `CURRENCY`: an ISO 4217 code ('EUR'), optionally with the symbol and the decimals shown
 * ('EUR,€,2'; 'JPY,¥,0'). The symbol defaults to the code's narrow symbol ('$' for USD, '€'
 * for EUR) and the decimals to the code's usual ones. Answers a message when it does not read.
 */
export function parseCurrency(value: string): CurrencyFormat | string {
  const [code = "", symbol, decimals, ...extra] = value.split(",").map((part) => part.trim());
  const upper = code.toUpperCase();
  if (extra.length > 0 || !/^[A-Z]{3}$/.test(upper)) {
    return "must be an ISO 4217 code, optionally with its symbol and decimals: 'EUR' or 'EUR,€,2'";
  }
  let standard: Intl.NumberFormat;
  try {
    standard = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: upper,
      currencyDisplay: "narrowSymbol",
    });
  } catch {
    return `'${code}' is not a currency code`;
  }
  if (symbol !== undefined && (symbol === "" || symbol.length > 8)) {
    return "the symbol must be 1 to 8 characters";
  }
  if (decimals !== undefined && !/^[0-4]$/.test(decimals)) {
    return "the decimals must be a whole number from 0 to 4";
  }
  const narrow = standard.formatToParts(0).find((part) => part.type === "currency")?.value;
  return {
    code: upper,
    symbol: symbol ?? narrow ?? upper,
    decimals:
      decimals === undefined
        ? (standard.resolvedOptions().maximumFractionDigits ?? 2)
        : Number(decimals),
  };
}

/** A tile URL template: http(s), one host, and the {z}, {x}, {y} placeholders. */
export function isMapTileUrl(value: string): boolean {
  if (!/^https?:\/\/[^/{}]+\//.test(value)) return false;
  if (!["{z}", "{x}", "{y}"].every((part) => value.includes(part))) return false;
  try {
    return new URL(value.replace(/\{[a-z]\}/g, "0")).username === "";
  } catch {
    return false;
  }
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(databaseUrlPattern, "must be a file: URL (SQLite) or a postgres:// URL (PostgreSQL)")
      .default(defaultDatabaseUrl),
    IMAGE_DIR: z.string().min(1).default(defaultImageDir),
    API_TOKEN: z.string().default(defaultApiToken),
    /**
     * Keys the enquiry puzzle tokens; when not set, generated once and kept in the database
     * (server/form-secrets.ts, decision 066).
     */
    PUZZLE_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    API_BASE_URL: z.url().optional(),
    IMAGE_BASE_URL: z.string().min(1).default("/images"),
    /**
     * Whether the image host serves the WebP derivatives (`{file}.{width}w.webp`): this
     * server and a CDN in front of it do; another §7 backend's image host may not.
     */
    IMAGE_DERIVATIVES: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    INVESTORS_URL: z.url().default("https://investors.example.com"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
    /** The public address of the site: canonical links, the sitemap, social cards, e-mails. */
    SITE_URL: z.url().optional(),
    /** Where enquiries are e-mailed through; without it delivery is off (enquiries wait). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Website enquiries <no-reply@localhost>"),
    /** The sender of search alert mails (decision 055); MAIL_FROM when not set. */
    ALERT_MAIL_FROM: z.string().min(3).optional(),
    /**
     * Signs the search alert links (confirm, unsubscribe, manage); when not set, generated once
     * and kept in the database (decision 066). The same on every app server; changing it makes
     * every link sent so far invalid.
     */
    ALERT_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * The office's time zone (IANA name): viewings' hours and days off are its local times,
     * and the booking page shows slots in it (decision 101).
     */
    OFFICE_TIME_ZONE: z
      .string()
      .trim()
      .default("Europe/London")
      .refine(isKnownTimeZone, "must be an IANA time zone, such as Europe/London"),
    /** The UTC hour (0-23) from which each day's alert digests are sent (decision 055). */
    ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /** Requests per RESO feed token per window (decision 094): '600/1m', or 'off'. */
    FEEDS_RATE_LIMIT: z
      .string()
      .default("600/1m")
      .transform((value, context) => {
        const limit = parseRateLimit(value.trim());
        if (limit) return limit;
        context.addIssue({
          code: "custom",
          message: "must look like '600/1m' (count/window s|m|h) or 'off'",
        });
        return z.NEVER;
      }),
    CONTACT_RATE_LIMIT: z
      .string()
      .default("30/10m")
      .transform((value, context) => {
        const limit = parseRateLimit(value.trim());
        if (limit) return limit;
        context.addIssue({
          code: "custom",
          message: "must look like '5/10m' (count/window s|m|h) or 'off'",
        });
        return z.NEVER;
      }),
    /**
     * Days an enquiry is kept; older ones (with their notes and delivery rows) are deleted by
     * an hourly purge on every app server (decision 045). `off` (the default): kept for ever.
     */
    ENQUIRY_RETENTION_DAYS: wholeNumberOrOff("days", 36_500),
    /**
     * Days an applicant is kept after their last activity (an enquiry, a viewing, a
     * confirmation, a mail, a note or a change by staff); then an hourly purge on every app
     * server deletes them with their notes, requirements and mails (decision 103). `off`:
     * kept for ever.
     */
    APPLICANT_RETENTION_DAYS: wholeNumberOrOff("days", 36_500, "730"),
    /**
     * Hours between sweeps of the uploaded photo files no listing uses, on every app server
     * (decision 060); each deletes those stored more than a day ago. `off` (the default): only
     * `npm run photos -- sweep` does.
     */
    PHOTO_SWEEP_HOURS: wholeNumberOrOff("hours", 8760),
    TRUSTED_PROXIES: z
      .string()
      .default("127.0.0.1,::1")
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .superRefine((entries, context) => {
        for (const entry of entries.filter((each) => !isTrustedProxyEntry(each))) {
          context.addIssue({
            code: "custom",
            message: `"${entry}" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal`,
          });
        }
      }),
    /**
     * Seconds a rendered page is served from memory before it is rendered again (served stale
     * meanwhile, once more at most as long); 0 turns the page cache off.
     */
    PAGE_CACHE_TTL: z.coerce.number().int().min(0).max(86_400).default(30),
    /** Megabytes of rendered pages (all encodings) the page cache holds; least used go first. */
    PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(16),
    /**
     * Site renders at once (pages the cache does not hold, form actions, data requests); more
     * wait, at most RENDER_QUEUE_LENGTH of them for RENDER_QUEUE_WAIT_MS each, and past that
     * are answered 503 with Retry-After (decision 028).
     */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    RENDER_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(64),
    RENDER_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(2_000),
    /**
     * Renders one client (the request's IP, as TRUSTED_PROXIES lets it be read) may have
     * running or waiting at once; one more is answered 503 with Retry-After at once, so a
     * client sending misses cannot keep every render slot busy (decision 030). 0: no share.
     */
    RENDER_PER_CLIENT: z.coerce.number().int().min(0).max(10_000).default(2),
    /**
     * Milliseconds the event loop may lag (its mean over a second) before every request but
     * /healthz is answered 503 with Retry-After until it catches up; 0 turns it off.
     */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Seconds the site reuses a GET answer of the API_BASE_URL backend; 0: never. */
    API_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(5),
    /**
     * Seconds a client has to send a request's headers, and the whole request, body included:
     * past either it is answered 408 and its connection closed, so slow clients cannot hold
     * connections (and the memory of half-read bodies) open.
     */
    HEADERS_TIMEOUT: z.coerce.number().int().min(1).max(600).default(10),
    REQUEST_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(20),
    /**
     * Milliseconds a server stopped by SIGTERM keeps its open connections, serving them but not
     * ready and closing each after its answer, before it closes those still idle (decision 091):
     * longer than the proxy's upstream `keepalive_timeout`, so the proxy has closed them itself.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** How prices are shown (see parseCurrency); the SPEC's '$' and two decimals by default. */
    CURRENCY: z
      .string()
      .default(defaultCurrency.code)
      .transform((value, context): CurrencyFormat => {
        const currency = parseCurrency(value);
        if (typeof currency !== "string") return currency;
        context.addIssue({ code: "custom", message: currency });
        return z.NEVER;
      }),
    /** The unit areas are shown in until a visitor picks the other: 'sqft' (the SPEC's) or 'm2'. */
    AREA_UNIT: z
      .string()
      .default("sqft")
      .transform((value, context): AreaUnit => {
        const unit = readAreaUnit(value);
        if (unit !== undefined) return unit;
        context.addIssue({ code: "custom", message: "must be 'sqft' or 'm2'" });
        return z.NEVER;
      }),
    /**
     * Days a listing stays in the sitemap once it is under offer, sold or let (subject to
     * contract); 0 drops it at once (decision 046).
     */
    SOLD_LISTING_SITEMAP_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /**
     * The map tiles (decision 054): an http(s) URL template with `{z}`, `{x}` and `{y}` on one
     * host (no `{s}` subdomains: the CSP's img-src names the one origin). Unset: maps draw
     * their markers on a plain background and nothing is asked of another host.
     */
    MAP_TILE_URL: z
      .string()
      .trim()
      .refine(isMapTileUrl, "must be an http(s) URL with {z}, {x} and {y} on one host")
      .optional(),
    /** The attribution the tiles' terms ask for, shown as text in the map's corner. */
    MAP_TILE_ATTRIBUTION: z.string().trim().max(300).default(""),
    /**
     * A Nominatim-compatible geocoder's base address (decision 069): the listing editor's "Find
     * on map" asks `{GEOCODER_URL}/search?q=…&format=jsonv2` from this server. Unset (the
     * default): no button, and no host is asked anything.
     */
    GEOCODER_URL: z
      .url({ protocol: /^https?$/, error: "must be an http(s) address" })
      .trim()
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    /**
     * The push portal's base address (decision 095, docs/feeds-push.md): every change of a
     * listing is posted to `{PUSH_URL}/listing/update` or `/listing/delete` over HTTPS with the
     * client certificate below. Unset (the default): nothing is pushed or queued.
     */
    PUSH_URL: z
      .url({ protocol: /^https$/, error: "must be an https:// address" })
      .trim()
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
    /** The PEM file of the agency's client certificate (with its chain) the portal issued. */
    PUSH_CLIENT_CERT: z.string().trim().min(1).optional(),
    /** The PEM file of that certificate's private key. */
    PUSH_CLIENT_KEY: z.string().trim().min(1).optional(),
    /** The PEM file of the CA that signed the portal's server certificate; unset: the system's. */
    PUSH_CA: z.string().trim().min(1).optional(),
    /** The branch's reference at the portal, sent with every listing. */
    PUSH_BRANCH_REFERENCE: z.string().trim().min(1).max(100).optional(),
    /**
     * Rightmove's feed (decision 097): the branch's id Rightmove gave the agency, which names
     * the BLM file and prefixes each listing's reference. The scheduled feed runs when it is
     * set with BLM_OUTPUT_DIR or BLM_SFTP_URL; `npm run feeds -- blm` needs it too.
     */
    BLM_BRANCH_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/, "must be 1 to 20 letters or digits, as Rightmove gives it")
      .optional(),
    /** The folder the scheduled feed writes its zip to (kept; BLM_SFTP_URL uploads it too). */
    BLM_OUTPUT_DIR: z.string().trim().min(1).optional(),
    /**
     * Where the scheduled feed uploads its zip: `sftp://user:password@host:port/folder`, or
     * without the password and with BLM_SFTP_KEY_FILE (a private key file).
     */
    BLM_SFTP_URL: z
      .url({ protocol: /^sftp$/, error: "must be an sftp:// address" })
      .trim()
      .optional(),
    BLM_SFTP_KEY_FILE: z.string().trim().min(1).optional(),
    /** Hours between the scheduled feed's files (Rightmove reads a full feed daily). */
    BLM_EVERY_HOURS: z.coerce.number().int().min(1).max(168).default(24),
    SEED_DEMO_CONTENT: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    /** The port of a separate listener serving only /metrics (decision 025); unset: none. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Where that listener listens: loopback unless METRICS_TOKEN guards it. */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** The bearer token /metrics asks for; alone, it serves /metrics on the public port. */
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  })
  .superRefine((env, context) => {
    // Zero configuration works on this machine (`npm start`, the README's curl with the
    // default token); a server others can reach never runs on a guessable token (decision 024).
    if (env.API_TOKEN === "") {
      context.addIssue({ code: "custom", path: ["API_TOKEN"], message: "must not be empty" });
    } else if (env.NODE_ENV === "production" && isExposed(env)) {
      const where = `this server is reachable from other machines (HOST=${env.HOST}${env.SITE_URL ? `, SITE_URL=${env.SITE_URL}` : ""})`;
      if (env.API_TOKEN === defaultApiToken) {
        context.addIssue({
          code: "custom",
          path: ["API_TOKEN"],
          message: `the default token is refused when ${where}: set a random secret of at least ${minimumExposedTokenLength} characters`,
        });
      } else if (env.API_TOKEN.length < minimumExposedTokenLength) {
        context.addIssue({
          code: "custom",
          path: ["API_TOKEN"],
          message: `must be at least ${minimumExposedTokenLength} characters when ${where}`,
        });
      }
    }
    if (env.HEADERS_TIMEOUT > env.REQUEST_TIMEOUT) {
      context.addIssue({
        code: "custom",
        path: ["HEADERS_TIMEOUT"],
        message: "must not be longer than REQUEST_TIMEOUT (the headers are part of the request)",
      });
    }
  })
  .superRefine((env, context) => {
    // A feed with somewhere to go needs the branch it is the feed of.
    if ((env.BLM_OUTPUT_DIR || env.BLM_SFTP_URL) && !env.BLM_BRANCH_ID) {
      context.addIssue({
        code: "custom",
        path: ["BLM_BRANCH_ID"],
        message: "must be set when BLM_OUTPUT_DIR or BLM_SFTP_URL is (the Rightmove feed)",
      });
    }
    // A push portal takes only a certified client and a known branch: all or nothing.
    if (env.PUSH_URL === undefined) return;
    for (const key of ["PUSH_CLIENT_CERT", "PUSH_CLIENT_KEY", "PUSH_BRANCH_REFERENCE"] as const) {
      if (env[key] === undefined) {
        context.addIssue({ code: "custom", path: [key], message: "must be set with PUSH_URL" });
      }
    }
  })
  .superRefine((env, context) => {
    // Metrics tell the traffic, the outbox and the memory: never open to all without a token.
    if (env.METRICS_PORT !== undefined && !isLoopbackHost(env.METRICS_HOST) && !env.METRICS_TOKEN) {
      context.addIssue({
        code: "custom",
        path: ["METRICS_TOKEN"],
        message: `must be set when METRICS_HOST (${env.METRICS_HOST}) is not a loopback address`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** SITE_URL without a trailing slash, or this server's own address. */
  siteUrl: string;
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    // One line per problem, each readable alone in a log.
    super(problems.map((line) => `Invalid configuration: ${line}`).join("\n"));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/**
 * Reads `path` (`.env` in the working directory) into `process.env` when it exists, with Node's
 * own loader: a variable already set in the environment, even to "", wins over the file. Not
 * under NODE_ENV=test, so a developer's `.env` cannot change what the tests run against.
 * Answers whether a file was read.
 */
export function loadDotEnv(path = ".env"): boolean {
  if (process.env.NODE_ENV === "test") return false;
  try {
    process.loadEnvFile(path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return false;
    throw error;
  }
}

/**
 * Whether Fastify reads `entry` of TRUSTED_PROXIES (an address, a CIDR range or netmask, a
 * named range such as loopback): asked of proxy-addr, which Fastify reads it with, so a typo
 * stops the start with one line naming the key, not a stack from inside Fastify.
 */
function isTrustedProxyEntry(entry: string): boolean {
  try {
    compileProxyAddresses([entry]);
    return true;
  } catch {
    return false;
  }
}

/** Parses the environment; throws ConfigError naming every bad key. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  // An explicitly empty API_TOKEN must fail, not fall back to the default.
  if (source.API_TOKEN === "") present.API_TOKEN = "";
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join(".") || "(environment)"}: ${issue.message}`,
      ),
    );
  }
  const env = parsed.data;
  const ownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  const hostForUrl = ownHost.includes(":") ? `[${ownHost}]` : ownHost;
  const ownOrigin = `http://${hostForUrl === "127.0.0.1" ? "localhost" : hostForUrl}:${env.PORT}`;
  return {
    ...env,
    siteUrl: (env.SITE_URL ?? ownOrigin).replace(/\/+$/, ""),
  };
}
