/**
 * Search alerts' work (decision 055), for the API's `POST /api/alert/{action}` and the site's
 * in-process client alike: save a search for an address (and queue its confirmation), confirm,
 * list and delete an address's alerts by its manage token, and unsubscribe one alert. Every
 * answer to a save is the same, whether or not the address has alerts already; a save is
 * rate-limited per visitor like an enquiry, and sends at most one confirmation per alert a day.
 */
import { format as formatDuration } from "@lukeed/ms";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Config } from "../../config/env.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import type { QueuedMail } from "../../db/queries/outbox.ts";
import { findPublishedByIds, latestFirstPublishedAt } from "../../db/queries/property-alerts.ts";
import {
  type AlertRow,
  confirmAlert,
  countAlertsOf,
  deleteAlertById,
  deleteAlertsByManageHash,
  enqueueMail,
  findAlertByConfirmHash,
  findAlertById,
  findAlertByUnsubscribeHash,
  insertOrFindAlert,
  listAlertsByManageHash,
  setManageHashOf,
} from "../../db/queries/search-alert.ts";
import {
  type AlertAnswer,
  type AlertRequest,
  type AlertSummary,
  alertMessages,
  alertQueryOf,
  describeAlertFilters,
  maxAlertsPerAddress,
  normaliseAlertEmail,
  readAlertQuery,
  searchPageQueryOf,
} from "../../lib/search-alert.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import { namedSender } from "../mail/sender.ts";
import { buildAlertConfirmMail, buildAlertDigestMail, buildAlertLinkMail } from "./alert-mail.ts";
import { type AlertMailCounter, createAlertMailCounter } from "./mail-limits.ts";
import {
  type AlertTokenPurpose,
  addressKey,
  alertIdOf,
  alertLinks,
  checkManageToken,
  isAlertTokenOf,
  isLegacyAlertToken,
  newAlertSalt,
  tokenHash,
} from "./tokens.ts";

export interface AlertReply {
  httpStatus: number;
  answer: AlertAnswer;
}

export interface SearchAlerts {
  /** Counts one save from the visitor against CONTACT_RATE_LIMIT: the 429 past it. */
  limit(
    request: FastifyRequest,
    setHeader?: (name: string, value: number) => void,
  ): Promise<AlertReply | undefined>;
  /** Does one action (a save is not rate-limited here: see `limit`). */
  handle(action: AlertRequest, request: FastifyRequest): Promise<AlertReply>;
  /** Both: what `POST /api/alert/{action}` does after reading its body. */
  run(action: AlertRequest, request: FastifyRequest): Promise<AlertReply>;
  /**
   * The daily mail limits (saves per client, mails per address), undefined when the forms' rate
   * limit is off; the newsletter counts against the same ones (decision 078).
   */
  readonly mailLimits: AlertMailCounter | undefined;
  /** Builds a queued alert mail for the outbox job. */
  buildQueuedMail(mail: QueuedMail): Promise<EnquiryMail | undefined>;
}

declare module "fastify" {
  interface FastifyInstance {
    searchAlerts: SearchAlerts;
  }
}

/** The UTC day of a moment, YYYY-MM-DD. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function summaryOf(alert: AlertRow): AlertSummary {
  const filters = readAlertQuery(alert.query) ?? {};
  return {
    id: alert.id,
    description: describeAlertFilters(filters),
    searchQuery: searchPageQueryOf(filters),
    confirmed: alert.confirmedAt !== null,
    createdAt: alert.createdAt,
  };
}

const ok = (message: string, extra: Partial<AlertAnswer> = {}): AlertReply => ({
  httpStatus: 200,
  answer: { status: 200, message, ...extra },
});
const refused = (httpStatus: number, message: string, errors?: Record<string, string>) => ({
  httpStatus,
  answer: { status: httpStatus, message, ...(errors ? { errors } : {}) },
});

export interface SearchAlertsOptions {
  config: Config;
  /** Shares the daily mail limits between app servers. */
  redis?: Redis;
  now?: () => Date;
}

export const searchAlertsPlugin = fp(
  async (app: FastifyInstance, options: SearchAlertsOptions) => {
    const { config } = options;
    const now = options.now ?? (() => new Date());
    const secret = app.formSecrets.alert;
    const db = () => app.database.db;
    const limit = config.CONTACT_RATE_LIMIT;
    // The daily limits of confirmation mails, off with the forms' rate limit.
    const mailCounter =
      limit === "off" ? undefined : createAlertMailCounter({ redis: options.redis });
    // Needs @fastify/rate-limit, registered by the contact intake (server/api/contact.ts).
    const countSave =
      limit === "off"
        ? undefined
        : app.createRateLimit({
            max: limit.max,
            timeWindow: limit.windowMs,
            keyGenerator: (request: FastifyRequest) => `alert:${request.ip}`,
          });

    const manageHashOf = (email: string) => tokenHash(addressKey(secret, email));

    /** The alert a confirm or unsubscribe link names, when its token is right. */
    async function alertOfToken(purpose: AlertTokenPurpose, token: string) {
      if (isLegacyAlertToken(token, now())) {
        // The first form of the links, in mails sent before (decision 066's transition).
        const hash = tokenHash(token);
        return purpose === "confirm"
          ? findAlertByConfirmHash(db(), hash)
          : findAlertByUnsubscribeHash(db(), hash);
      }
      const id = alertIdOf(token);
      const alert = id === undefined ? undefined : await findAlertById(db(), id);
      return alert && isAlertTokenOf(secret, purpose, token, alert) ? alert : undefined;
    }

    /** The manage hash of a manage token, or the refusal (an expired link says how to renew). */
    function manageHashOfToken(token: string): string | AlertReply {
      const check = checkManageToken(secret, token, now());
      if (check.ok) return check.hash;
      return check.reason === "expired"
        ? refused(410, alertMessages.linkExpired)
        : refused(404, alertMessages.badLink);
    }

    async function subscribe(emailText: string, query: string, request: FastifyRequest) {
      const email = normaliseAlertEmail(emailText);
      if (!email) {
        return refused(422, "Please correct the highlighted fields and try again.", {
          email: alertMessages.email,
        });
      }
      const filters = readAlertQuery(query);
      if (!filters) return refused(422, alertMessages.filters);
      // A client's saves a day, whatever the addresses: its own limit, so saying so leaks
      // nothing about any address.
      const clientWait = await mailCounter?.takeClient(request.ip);
      if (clientWait) {
        return refused(429, alertMessages.tooMany(formatDuration(clientWait * 1000, true)));
      }
      const at = now();
      const salt = newAlertSalt();
      const manageHash = manageHashOf(email);
      const queued = await db()
        .transaction()
        .execute(async (trx) => {
          // Past the cap nothing is saved; the answer is the same.
          if ((await countAlertsOf(trx, email)) >= maxAlertsPerAddress) return false;
          const alert = await insertOrFindAlert(trx, {
            email,
            query: alertQueryOf(filters),
            salt,
            // Links are checked by their signature now; these hashes are for the first form's
            // links only (decision 066), which a new alert never had.
            confirmTokenHash: tokenHash(newAlertSalt()),
            unsubscribeTokenHash: tokenHash(newAlertSalt()),
            manageTokenHash: manageHash,
            now: at,
          });
          await setManageHashOf(trx, email, manageHash);
          // One mail per alert a day at most, and a few per address a day whatever the
          // searches; past that the alert is kept and the answer is the same. A confirmed
          // alert saved again is sent a fresh manage link (how an expired one is renewed).
          if (mailCounter && !(await mailCounter.takeAddress(email))) return false;
          const kind = alert.confirmedAt === null ? "alert-confirm" : "alert-link";
          const inserted = await enqueueMail(trx, {
            dedupeKey: `${kind}:${alert.id}:${utcDay(at)}`,
            kind,
            alertId: alert.id,
            payload: {},
            now: at,
          });
          if (!inserted) await mailCounter?.giveBackAddress(email);
          return inserted;
        });
      // Logged without the address.
      request.log.info({ queued }, "search alert saved");
      if (queued) app.jobs.outbox?.wake();
      return ok(alertMessages.saved);
    }

    async function manageAnswer(hash: string, message: string): Promise<AlertReply> {
      const alerts = await listAlertsByManageHash(db(), hash);
      return ok(message, {
        alerts: alerts.map(summaryOf),
        ...(alerts[0] ? { email: alerts[0].email } : {}),
      });
    }

    const service: SearchAlerts = {
      mailLimits: mailCounter,
      async limit(request, setHeader = () => {}) {
        if (!countSave) return undefined;
        const verdict = await countSave(request);
        if (verdict.isAllowed || !verdict.isExceeded) return undefined;
        setHeader("retry-after", verdict.ttlInSeconds);
        return refused(
          429,
          alertMessages.tooMany(formatDuration(verdict.ttlInSeconds * 1000, true)),
        );
      },

      async handle(action, request) {
        if (action.action === "subscribe") {
          return subscribe(action.email, action.query, request);
        }
        const { token } = action;
        if (typeof token !== "string" || token.length > 200) {
          return refused(404, alertMessages.badLink);
        }
        switch (action.action) {
          case "confirm": {
            const alert = await alertOfToken("confirm", token);
            if (!alert) return refused(404, alertMessages.badLink);
            await confirmAlert(db(), alert.id, now(), await latestFirstPublishedAt(db()));
            request.log.info({ alertId: alert.id }, "search alert confirmed");
            return ok(alertMessages.confirmed, {
              alerts: [summaryOf({ ...alert, confirmedAt: alert.confirmedAt ?? "now" })],
            });
          }
          case "manage": {
            const hash = manageHashOfToken(token);
            if (typeof hash !== "string") return hash;
            const answer = await manageAnswer(hash, "");
            return answer.answer.alerts?.length ? answer : refused(404, alertMessages.badLink);
          }
          case "delete": {
            const hash = manageHashOfToken(token);
            if (typeof hash !== "string") return hash;
            const deleted = await deleteAlertsByManageHash(db(), hash, action.id);
            request.log.info({ deleted }, "search alerts deleted");
            if (deleted === 0) return refused(404, alertMessages.badLink);
            return manageAnswer(
              hash,
              action.id === undefined ? alertMessages.deletedAll : alertMessages.deleted,
            );
          }
          case "unsubscribe": {
            const alert = await alertOfToken("unsubscribe", token);
            if (!alert || !(await deleteAlertById(db(), alert.id))) {
              return refused(404, alertMessages.badLink);
            }
            request.log.info({ alertId: alert.id }, "search alert unsubscribed");
            return ok(alertMessages.unsubscribed, { alerts: [summaryOf(alert)] });
          }
        }
      },

      async run(action, request) {
        if (action.action === "subscribe") {
          const limited = await service.limit(request);
          if (limited) return limited;
        }
        return service.handle(action, request);
      },

      async buildQueuedMail(mail) {
        if (mail.alertId === null) return undefined;
        const alert = await findAlertById(db(), mail.alertId);
        if (!alert) return undefined;
        // Alerts saved under an earlier secret answer the links built now.
        await setManageHashOf(db(), alert.email, manageHashOf(alert.email));
        const links = alertLinks(secret, config.siteUrl, alert, now());
        // Named after the company, not MAIL_FROM's name for the staff's inbox (decision 078).
        const profile = await findCompanyProfile(db());
        const mailOptions = {
          from: namedSender(profile?.business_name, config.ALERT_MAIL_FROM ?? config.MAIL_FROM),
          imageBaseUrl: config.IMAGE_BASE_URL,
          siteUrl: config.siteUrl,
          currency: config.CURRENCY,
        };
        if (mail.kind === "alert-confirm") {
          // Confirmed meanwhile (an earlier mail's link): nothing more to ask.
          if (alert.confirmedAt !== null) return undefined;
          return buildAlertConfirmMail(alert, links, mail.id, mailOptions);
        }
        if (mail.kind === "alert-link")
          return buildAlertLinkMail(alert, links, mail.id, mailOptions);
        if (alert.confirmedAt === null) return undefined;
        const { ids } = JSON.parse(mail.payload) as { ids?: number[] };
        const properties = await findPublishedByIds(db(), ids ?? []);
        // Every listing unpublished meanwhile: no mail rather than an empty one.
        if (properties.length === 0) return undefined;
        return buildAlertDigestMail(alert, properties, links, mail.id, mailOptions);
      },
    };
    app.decorate("searchAlerts", service);
  },
  { name: "search-alerts", dependencies: ["contact-intake"] },
);
