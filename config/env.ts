/**
 * The one environment schema. Parsed once at boot; a bad environment stops the server with
 * one line per bad key, so an operator can fix them all at once.
 */
import { z } from "zod";

export const defaultApiToken = "dev-token";
export const defaultDatabaseUrl = "file:./data/app.db";

const rateLimitPattern = /^(\d+)\/(\d+)(s|m|h)$/;

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

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("127.0.0.1"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z.string().min(1).default(defaultDatabaseUrl),
    IMAGE_DIR: z.string().min(1).default("./data/images"),
    API_TOKEN: z.string().default(defaultApiToken),
    /** Signs the enquiry puzzle tokens; derived from API_TOKEN when not set. */
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
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
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
    TRUSTED_PROXIES: z
      .string()
      .default("127.0.0.1,::1")
      .transform((value) =>
        value
          .split(",")
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    /**
     * Seconds a rendered page is served from memory before it is rendered again (served stale
     * meanwhile, once more at most as long); 0 turns the page cache off.
     */
    PAGE_CACHE_TTL: z.coerce.number().int().min(0).max(86_400).default(30),
    /** Megabytes of rendered pages (all encodings) the page cache holds; least used go first. */
    PAGE_CACHE_MAX_MB: z.coerce.number().min(1).max(4096).default(32),
    /**
     * Site renders at once (pages the cache does not hold, form actions, data requests); more
     * wait, at most RENDER_QUEUE_LENGTH of them for RENDER_QUEUE_WAIT_MS each, and past that
     * are answered 503 with Retry-After (decision 028).
     */
    RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    RENDER_QUEUE_LENGTH: z.coerce.number().int().min(0).max(10_000).default(64),
    RENDER_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(2_000),
    /**
     * Milliseconds the event loop may lag (its mean over a second) before every request but
     * /healthz is answered 503 with Retry-After until it catches up; 0 turns it off.
     */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Seconds the site reuses a §7 GET answer; 0 turns the answer cache off. */
    API_CACHE_TTL: z.coerce.number().int().min(0).max(3600).default(5),
    SEED_DEMO_CONTENT: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
  })
  .superRefine((env, context) => {
    if (
      env.NODE_ENV === "production" &&
      (env.API_TOKEN === "" || env.API_TOKEN === defaultApiToken)
    ) {
      context.addIssue({
        code: "custom",
        path: ["API_TOKEN"],
        message: "must be set to a secret value in production (not empty, not the default)",
      });
    } else if (env.API_TOKEN === "") {
      context.addIssue({ code: "custom", path: ["API_TOKEN"], message: "must not be empty" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** The §7 API base the site's server calls: API_BASE_URL, or this server's own /api. */
  apiBaseUrl: string;
  /** SITE_URL without a trailing slash, or this server's own address. */
  siteUrl: string;
}

export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
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
    apiBaseUrl: env.API_BASE_URL ?? `http://${hostForUrl}:${env.PORT}/api`,
    siteUrl: (env.SITE_URL ?? ownOrigin).replace(/\/+$/, ""),
  };
}
