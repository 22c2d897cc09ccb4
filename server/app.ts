/**
 * Builds the whole server without listening (tests use `app.inject()`): the §7 API under /api,
 * the images under /images, health checks, and the site for every other path.
 */
import compress from "@fastify/compress";
import underPressure from "@fastify/under-pressure";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import type { ViteDevServer } from "vite";
import {
  adminApplicantsContext,
  adminAuditContext,
  adminContentContext,
  adminEnquiriesContext,
  adminFeedsContext,
  adminListingFiguresContext,
  adminListingsContext,
  adminListingTransferContext,
  adminNewsletterContext,
  adminPhotosContext,
  adminPortalsContext,
  adminViewingHoursContext,
  adminViewingsContext,
  staffContext,
  viewingsContext,
} from "#app-context";
import type { Config } from "../config/env.ts";
import type { ChangeFeed } from "../db/change-feed.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { migrateToLatest, NewerDatabaseError } from "../db/migrate.ts";
import { isDatabaseEmpty, seedDemoContent } from "../db/seed/seed.ts";
import { seedDemoViewingHours } from "../db/seed/viewing-hours.ts";
import { withStartupLock } from "../db/startup-lock.ts";
import { searchAlertsPlugin } from "./alerts/service.ts";
import { contactIntakePlugin } from "./api/contact.ts";
import { apiPlugin, isApiUrl } from "./api/index.ts";
import { applicantMailPlugin } from "./applicants/homes-mail.ts";
import { createAdminApplicants } from "./applicants/service.ts";
import { createAdminAudit } from "./audit/service.ts";
import { notifyContentChangeListeners } from "./content-changes.ts";
import { installDrain } from "./drain.ts";
import { createFeedConsumers, type FeedConsumers } from "./feeds/consumers.ts";
import { createListingChanges } from "./feeds/push/changes.ts";
import { createPushClient, type PushClient } from "./feeds/push/client.ts";
import { isFeedUrl, resoFeedRoutes } from "./feeds/reso/routes.ts";
import { figureBeaconPlugin } from "./figures/beacon.ts";
import { loadFormSecrets } from "./form-secrets.ts";
import type { MailTransport } from "./jobs/outbox.ts";
import { type AppJobs, createAppJobs } from "./jobs/registry.ts";
import { installMetrics } from "./metrics.ts";
import { newsletterPlugin } from "./newsletter/service.ts";
import { createFilesystemPhotoStore } from "./photos/photo-store.ts";
import { createAdminPhotos } from "./photos/service.ts";
import {
  answerFrameworkError,
  installErrorHandling,
  refuseUnservedMethods,
} from "./plugins/errors.ts";
import { healthRoutes } from "./plugins/health.ts";
import { imagesPlugin } from "./plugins/images.ts";
import { securityPlugin } from "./plugins/security.ts";
import { strictTransportPlugin } from "./plugins/strict-transport.ts";
import { requestIdHeader, requestIdOf } from "./request-id.ts";
import { createMemorySingleUseStore, createRedisSingleUseStore } from "./single-use-store.ts";
import { createStaffAccounts, type StaffAccounts } from "./staff/accounts.ts";
import { privateAdminAnswers } from "./staff/admin-headers.ts";
import { createAdminContent } from "./staff/content.ts";
import { createAdminEnquiries } from "./staff/enquiries.ts";
import { createAdminFeeds } from "./staff/feeds.ts";
import { createGeocoder } from "./staff/geocoder.ts";
import { buildInviteMail } from "./staff/invite-mail.ts";
import { createAdminListingFigures } from "./staff/listing-figures.ts";
import { createListingTransfer } from "./staff/listing-transfer.ts";
import { createAdminListings } from "./staff/listings.ts";
import { createAdminNewsletter } from "./staff/newsletter.ts";
import type { ScryptCost } from "./staff/passwords.ts";
import { createAdminPortals } from "./staff/portals.ts";
import { createSignInThrottle } from "./staff/throttle.ts";
import { createAdminViewings } from "./staff/viewings.ts";
import { StartupError } from "./startup.ts";
import { createAdminViewingHours } from "./viewings/availability.ts";
import { createViewingBooking } from "./viewings/booking.ts";
import { createCalendarFeeds } from "./viewings/calendar-feed.ts";
import { createViewingMails } from "./viewings/viewing-mail.ts";
import { overloadedAnswer } from "./work-limit.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: Config;
    /** The background jobs (decision 081): the outbox, the digests, the purge, the sweep. */
    jobs: AppJobs;
    /** PostgreSQL's word of committed content changes (decision 022); absent on SQLite. */
    changeFeed: ChangeFeed | undefined;
    /** The back office's accounts (decision 036). */
    staffAccounts: StaffAccounts;
    /** The RESO feed's consumers and their tokens (decision 094). */
    feedConsumers: FeedConsumers;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database to use instead of opening DATABASE_URL (tests); its owner closes it. */
  database?: DatabaseHandle;
  /** Serve the site: false for API-only (tests), true for build/, or Vite's dev server. */
  site?: false | true | { devServer: ViteDevServer };
  /** A mail transport to use instead of SMTP_URL (tests). */
  mailTransport?: MailTransport;
  /** A cheaper staff password hash than the default (tests only: hashing is slow on purpose). */
  scryptCost?: ScryptCost;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The listing figures' clock (tests move it to the next day; decision 099). */
  figuresClock?: () => Date;
}

/**
 * Bounded waits, so a stalled mail server cannot hold a delivery (or a shutdown) for long.
 * nodemailer (like ioredis below) is loaded only when configured: unused, it is RSS for nothing.
 */
async function createSmtpTransport(url: string): Promise<MailTransport> {
  const { default: nodemailer } = await import("nodemailer");
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

async function seedIfEmpty(app: FastifyInstance, database: DatabaseHandle, imageDir: string) {
  if (!(await isDatabaseEmpty(database.db))) return;
  app.log.info("empty database: seeding the demo content");
  await seedDemoContent(database.db, { imageDir });
  await seedDemoViewingHours(database.db);
}

/** How often Node looks for requests past their headers or request time-out. */
export const timeoutCheckingIntervalMs = 1000;

/**
 * Health checks, the built assets and the images: files, cheap to send, and a page already
 * sent is unusable without its stylesheet, scripts and pictures. The overload answer spares
 * them; the renders and API reads behind a lagging event loop are what it sheds.
 */
function servedWithoutRendering(url: string): boolean {
  return (
    url === "/healthz" ||
    url.startsWith("/assets/") ||
    url.startsWith("/images/") ||
    url.startsWith("/favicon")
  );
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    // pino: one JSON object a line, each request's lines with its `reqId`.
    logger: {
      level: config.LOG_LEVEL,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.TRUSTED_PROXIES,
    genReqId: requestIdOf,
    // The largest body any route reads; the routes that take input set lower limits.
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    // Slow clients: headers and the whole request (body included) must arrive in time, or the
    // connection is answered 408 and closed. Node checks every connection for this only every
    // `connectionsCheckingInterval` (30 s by default): every second keeps the bound close.
    requestTimeout: config.REQUEST_TIMEOUT * 1000,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT * 1000,
      connectionsCheckingInterval: timeoutCheckingIntervalMs,
    },
    // Drop idle keep-alive connections quickly on shutdown; answer in-flight requests first.
    forceCloseConnections: "idle",
    return503OnClosing: true,
  });

  const database = options.database ?? openDatabase(config.DATABASE_URL);
  app.decorate("database", database);
  app.decorate("config", config);
  if (!options.database) app.addHook("onClose", async () => database.close());

  // App servers starting together on one PostgreSQL database take turns here.
  await withStartupLock(config.DATABASE_URL, async () => {
    await migrateToLatest(database.db).catch((error: unknown) => {
      // A server of the previous version restarting during or after an upgrade: one line.
      if (error instanceof NewerDatabaseError) {
        throw new StartupError(
          "DATABASE_URL",
          `${error.message}: a newer version migrated it. Start that version, or restore the ` +
            `backup taken before the upgrade (docs/deployment.md, "Rolling back")`,
        );
      }
      throw error;
    });
    if (config.SEED_DEMO_CONTENT) await seedIfEmpty(app, database, config.IMAGE_DIR);
  });
  app.decorate("formSecrets", await loadFormSecrets(database.db, config));

  // PostgreSQL tells every app server of each committed content change, whoever wrote it: the
  // cached reads and pages are dropped at once (decision 022).
  const changeFeed = database.followChanges?.({
    onChange: notifyContentChangeListeners,
    log: app.log,
  });
  app.decorate("changeFeed", changeFeed);
  if (changeFeed) app.addHook("onClose", () => changeFeed.close());

  const transport =
    options.mailTransport ??
    (config.SMTP_URL ? await createSmtpTransport(config.SMTP_URL) : undefined);
  // Every background job (the outbox, the digests, the retention purge, the photo sweep), from
  // one registry and one scheduler, started here once the app is ready (decision 081).
  const photoStore = createFilesystemPhotoStore(config.IMAGE_DIR);
  // The push portal (decision 095): its certificate and key are read now, so a missing file
  // stops the start with one line naming the setting.
  const pushClient = config.PUSH_URL ? openPushClient(config, config.PUSH_URL) : undefined;
  if (pushClient) app.addHook("onClose", async () => pushClient.close());
  const viewingMails = createViewingMails({ db: () => database.db, config });
  const jobs = createAppJobs({
    config,
    database,
    transport,
    photoStore,
    log: app.log,
    // Applicants' homes (decision 103) are built by the applicants, newsletter mails (decision
    // 078) by the newsletter, viewings' invites (decision 101) by the viewings, the rest by the
    // alerts.
    buildQueuedMail: (mail) =>
      mail.kind === "applicant-homes"
        ? app.applicantMails.buildQueuedMail(mail)
        : mail.kind.startsWith("newsletter-")
          ? app.newsletter.buildQueuedMail(mail)
          : mail.kind === "viewing"
            ? viewingMails.buildQueuedMail(mail)
            : app.searchAlerts.buildQueuedMail(mail),
    pushClient,
  });
  // Each listing write queues its push in its own transaction, then wakes this server's job.
  const listingChanges = pushClient
    ? createListingChanges(() => jobs.listingPush?.wake())
    : undefined;
  app.decorate("jobs", jobs);
  app.addHook("onReady", async () => jobs.start());
  // Before the database closes: the runs in flight finish and are recorded.
  app.addHook("preClose", async () => jobs.stop());
  if (!transport) app.log.info("SMTP_URL is not set: enquiries are stored but not e-mailed");

  // A Redis outage fails its commands after one reconnect attempt instead of holding requests
  // in ioredis's queue; the rate limit then lets enquiries through (see server/api/index.ts).
  const redis: Redis | undefined = config.REDIS_URL
    ? new (await import("ioredis")).Redis(config.REDIS_URL, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
      })
    : undefined;
  if (redis) {
    redis.on("error", (error: Error) => app.log.warn({ err: error }, "Redis is unavailable"));
    app.addHook("onClose", async () => void (await redis.quit().catch(() => redis.disconnect())));
  }

  // Before any route, so that every route's requests are counted (decision 025).
  installMetrics(app, config, { redis });
  installErrorHandling(app);

  // Drain before stop (decision 091): first thing, so that every answer closes its connection.
  installDrain(app);

  // Lets an operator find a visitor's failed request in the logs. Set first thing, like the
  // security headers, so an answer the page cache writes itself carries it too.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });

  await app.register(securityPlugin, { config });
  await app.register(strictTransportPlugin);
  // Before routing, with the headers above set: TRACE would otherwise reach the site's handler
  // and fail there (fetch's Request refuses it). The API and the feed refuse their own after
  // the token check, in their own error shapes.
  app.addHook(
    "onRequest",
    refuseUnservedMethods((url) => isApiUrl(url) || isFeedUrl(url)),
  );
  if (config.MAX_EVENT_LOOP_DELAY_MS > 0) {
    // A process too busy to keep up (its event loop lags, so requests wait unread in the
    // kernel) answers a cheap 503 with Retry-After to all but the liveness check until it
    // catches up (decision 028). After the headers above, so the 503 carries them too. (The
    // site's renders read their data in process, not through requests: decision 032.)
    await app.register(underPressure, {
      maxEventLoopDelay: config.MAX_EVENT_LOOP_DELAY_MS,
      // Returning the body makes the plugin send it and stop; returning nothing lets the
      // request through (the plugin's types only know the latter).
      pressureHandler: ((request, reply) =>
        servedWithoutRendering(request.url) ? undefined : overloadedAnswer(reply)) as (
        request: FastifyRequest,
        reply: FastifyReply,
      ) => undefined,
    });
  }
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(healthRoutes, { redis });
  await app.register(imagesPlugin, { prefix: "/images", imageDir: config.IMAGE_DIR });
  // The enquiry's work, for the API's route and the site's in-process client alike.
  await app.register(contactIntakePlugin, { config, ...(redis ? { redis } : {}) });
  await app.register(searchAlertsPlugin, { config, ...(redis ? { redis } : {}) });
  await app.register(newsletterPlugin, { config });
  await app.register(applicantMailPlugin, { config });
  // Page views and shortlist adds, counted without cookies (decision 099).
  await app.register(figureBeaconPlugin, { now: options.figuresClock });
  await app.register(apiPlugin, { prefix: "/api", config });
  // The RESO Web API for portals and partners, by their own tokens (decision 094).
  const feedConsumers = createFeedConsumers({ database });
  app.decorate("feedConsumers", feedConsumers);
  await app.register(resoFeedRoutes, {
    prefix: "/odata",
    config,
    consumers: feedConsumers,
    database,
  });

  const staffAccounts = createStaffAccounts({
    database,
    throttle: createSignInThrottle({ redis }),
    siteUrl: config.siteUrl,
    alwaysSecure: config.siteUrl.startsWith("https:"),
    sendInvite: transport
      ? async (invite) => {
          await transport.sendMail(
            buildInviteMail(invite, { from: config.MAIL_FROM, siteUrl: config.siteUrl }),
          );
        }
      : undefined,
    log: app.log,
    ...(options.scryptCost ? { scryptCost: options.scryptCost } : {}),
  });
  app.decorate("staffAccounts", staffAccounts);
  app.addHook("onSend", privateAdminAnswers);

  // Viewings booked online and the staff's calendar feeds (decision 101).
  const viewingBooking = createViewingBooking({
    database,
    timeZone: config.OFFICE_TIME_ZONE,
    uidHost: new URL(config.siteUrl).hostname || "localhost",
    wake: () => app.jobs.outbox?.wake(),
    log: app.log,
  });
  const calendarFeeds = createCalendarFeeds({ database, siteUrl: config.siteUrl });

  if (options.site) {
    const { provide, sitePlugin } = await import("./plugins/site.ts");
    await app.register(sitePlugin, {
      config,
      usedPuzzleTokens: redis ? createRedisSingleUseStore(redis) : createMemorySingleUseStore(),
      staff: staffAccounts.service,
      // The booking counts against the visitor's enquiry rate limit (CONTACT_RATE_LIMIT).
      publicServices: (request) => [
        provide(viewingsContext, {
          slots: (codeOrSlug) => viewingBooking.slots(codeOrSlug),
          async book(codeOrSlug, values) {
            const limited = await app.contactIntake.limit(request);
            if (limited) return { outcome: "limited", after: limited.after };
            return viewingBooking.book(codeOrSlug, values);
          },
          calendarFeed: (secret) => calendarFeeds.read(secret),
        }),
      ],
      backOffice: [
        provide(staffContext, staffAccounts.service),
        provide(
          adminListingsContext,
          createAdminListings({
            database,
            store: photoStore,
            redis,
            log: app.log,
            geocoder: config.GEOCODER_URL
              ? createGeocoder({ url: config.GEOCODER_URL, siteUrl: config.siteUrl })
              : undefined,
            listingChanges,
          }),
        ),
        provide(
          adminListingTransferContext,
          createListingTransfer({ database, imageDir: config.IMAGE_DIR, redis, log: app.log }),
        ),
        provide(
          adminEnquiriesContext,
          createAdminEnquiries({
            database,
            log: app.log,
            mailing: transport !== undefined,
          }),
        ),
        provide(
          adminViewingsContext,
          createAdminViewings({
            database,
            timeZone: config.OFFICE_TIME_ZONE,
            onQueued: () => jobs.outbox?.wake(),
          }),
        ),
        provide(adminAuditContext, createAdminAudit({ database })),
        provide(
          adminViewingHoursContext,
          createAdminViewingHours({
            database,
            timeZone: config.OFFICE_TIME_ZONE,
            feeds: calendarFeeds,
          }),
        ),
        provide(adminFeedsContext, createAdminFeeds({ consumers: feedConsumers })),
        provide(
          adminPortalsContext,
          createAdminPortals({ database, config, consumers: feedConsumers }),
        ),
        provide(
          adminListingFiguresContext,
          createAdminListingFigures({ database, log: app.log, now: options.figuresClock }),
        ),
        provide(adminNewsletterContext, createAdminNewsletter({ database, log: app.log })),
        provide(
          adminApplicantsContext,
          createAdminApplicants({ database, log: app.log, wakeOutbox: () => jobs.outbox?.wake() }),
        ),
        provide(
          adminContentContext,
          createAdminContent({
            database,
            imageDir: config.IMAGE_DIR,
            redis,
            log: app.log,
            listingChanges,
          }),
        ),
        provide(
          adminPhotosContext,
          createAdminPhotos({
            database,
            store: photoStore,
            redis,
            log: app.log,
            listingChanges,
          }),
        ),
      ],
      ...(options.site === true ? {} : { devServer: options.site.devServer }),
    });
  }
  return app;
}

/** The push portal's client from PUSH_URL and its files; a file it cannot read stops the start. */
function openPushClient(config: Config, url: string): PushClient {
  try {
    return createPushClient({
      url,
      certFile: config.PUSH_CLIENT_CERT ?? "",
      keyFile: config.PUSH_CLIENT_KEY ?? "",
      caFile: config.PUSH_CA,
    });
  } catch (error) {
    throw new StartupError("PUSH_URL", (error as Error).message);
  }
}
