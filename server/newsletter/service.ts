/**
 * The newsletter's work (decision 078), for the API's `POST /api/newsletter/{action}` and the
 * site's in-process client alike: subscribe an address (and queue its confirmation mail),
 * confirm it by the mailed link (single use), unsubscribe it by the link every newsletter mail
 * carries. A subscribe is answered the same whatever the address's state, and is held to the
 * search alerts' limits with the alerts' own counters (server/alerts/mail-limits.ts): the
 * per-visitor rate limit, the saves a client may make a day and the mails an address may be
 * sent a day are one budget for both forms.
 */
import { format as formatDuration } from "@lukeed/ms";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import {
  confirmSubscriber,
  enqueueNewsletterMail,
  findSubscriberById,
  findSubscriberByTokenHash,
  insertOrReviveSubscriber,
  type SubscriberRow,
  setSubscriberTokenHash,
  unsubscribeSubscriber,
} from "../../db/queries/newsletter.ts";
import type { QueuedMail } from "../../db/queries/outbox.ts";
import {
  type NewsletterAnswer,
  type NewsletterRequest,
  newsletterMessages,
} from "../../lib/newsletter.ts";
import { normaliseAlertEmail } from "../../lib/search-alert.ts";
import { utcDay } from "../alerts/service.ts";
import { alertIdOf, isRowTokenOf, newAlertSalt, rowToken, tokenHash } from "../alerts/tokens.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import { namedSender } from "../mail/sender.ts";
import { buildNewsletterConfirmMail, type NewsletterLinks } from "./newsletter-mail.ts";

export interface NewsletterReply {
  httpStatus: number;
  answer: NewsletterAnswer;
}

export interface Newsletter {
  /** Does one action; a subscribe counts against the per-visitor rate limit first. */
  run(action: NewsletterRequest, request: FastifyRequest): Promise<NewsletterReply>;
  /** Builds a queued newsletter mail for the outbox job. */
  buildQueuedMail(mail: QueuedMail): Promise<EnquiryMail | undefined>;
}

declare module "fastify" {
  interface FastifyInstance {
    newsletter: Newsletter;
  }
}

const confirmPurpose = "newsletter-confirm";
const unsubscribePurpose = "newsletter-unsubscribe";

/** The subscriber's links: confirm (single use) and unsubscribe (as long as it is subscribed). */
export function newsletterLinks(
  secret: string,
  siteUrl: string,
  subscriber: { id: number; salt: string },
): NewsletterLinks {
  const link = (path: string, token: string) =>
    `${siteUrl}${path}?token=${encodeURIComponent(token)}`;
  return {
    confirm: link("/newsletter/confirm", rowToken(secret, confirmPurpose, subscriber)),
    unsubscribe: link("/newsletter/unsubscribe", rowToken(secret, unsubscribePurpose, subscriber)),
  };
}

const ok = (message: string): NewsletterReply => ({
  httpStatus: 200,
  answer: { status: 200, message },
});
const refused = (
  httpStatus: number,
  message: string,
  errors?: Record<string, string>,
): NewsletterReply => ({
  httpStatus,
  answer: { status: httpStatus, message, ...(errors ? { errors } : {}) },
});

export interface NewsletterOptions {
  config: Config;
  now?: () => Date;
}

export const newsletterPlugin = fp(
  async (app: FastifyInstance, options: NewsletterOptions) => {
    const { config } = options;
    const now = options.now ?? (() => new Date());
    const secret = app.formSecrets.alert;
    const db = () => app.database.db;
    const alerts = app.searchAlerts;

    async function subscribe(emailText: string, request: FastifyRequest) {
      const limited = await alerts.limit(request);
      if (limited) return refused(limited.httpStatus, limited.answer.message);
      const email = normaliseAlertEmail(emailText);
      if (!email) {
        return refused(422, "Please correct the highlighted fields and try again.", {
          email: newsletterMessages.email,
        });
      }
      const clientWait = await alerts.mailLimits?.takeClient(request.ip);
      if (clientWait) {
        return refused(429, newsletterMessages.tooMany(formatDuration(clientWait * 1000, true)));
      }
      const at = now();
      const queued = await db()
        .transaction()
        .execute(async (trx) => {
          const subscriber = await insertOrReviveSubscriber(trx, {
            email,
            salt: newAlertSalt(),
            now: at,
          });
          // Confirmed already: nothing to ask, and the same answer.
          if (subscriber.status !== "pending") return false;
          await setSubscriberTokenHash(
            trx,
            subscriber.id,
            tokenHash(rowToken(secret, confirmPurpose, subscriber)),
          );
          if (alerts.mailLimits && !(await alerts.mailLimits.takeAddress(email))) return false;
          const inserted = await enqueueNewsletterMail(trx, {
            // One confirmation per address a day, however often the form is sent.
            dedupeKey: `newsletter-confirm:${subscriber.id}:${utcDay(at)}`,
            kind: "newsletter-confirm",
            subscriberId: subscriber.id,
            now: at,
          });
          if (!inserted) await alerts.mailLimits?.giveBackAddress(email);
          return inserted;
        });
      // Logged without the address.
      request.log.info({ queued }, "newsletter subscription asked");
      if (queued) app.jobs.outbox?.wake();
      return ok(newsletterMessages.subscribed);
    }

    /** The subscriber an unsubscribe token names, when its signature is right. */
    async function subscriberOfUnsubscribeToken(token: string) {
      const id = alertIdOf(token);
      const subscriber = id === undefined ? undefined : await findSubscriberById(db(), id);
      return subscriber && isRowTokenOf(secret, unsubscribePurpose, token, subscriber)
        ? subscriber
        : undefined;
    }

    const service: Newsletter = {
      async run(action, request) {
        if (action.action === "subscribe") return subscribe(action.email, request);
        const { token } = action;
        if (typeof token !== "string" || token.length > 200 || alertIdOf(token) === undefined) {
          return refused(404, newsletterMessages.badLink);
        }
        if (action.action === "confirm") {
          // The pending address whose link this is: a used link's hash is gone (single use).
          const subscriber = await findSubscriberByTokenHash(db(), tokenHash(token));
          if (!subscriber || !(await confirmSubscriber(db(), subscriber.id, now()))) {
            return refused(404, newsletterMessages.badLink);
          }
          request.log.info({ subscriberId: subscriber.id }, "newsletter subscription confirmed");
          return ok(newsletterMessages.confirmed);
        }
        const subscriber = await subscriberOfUnsubscribeToken(token);
        if (!subscriber) return refused(404, newsletterMessages.badLink);
        // Unsubscribing twice says the same: the address is off the list either way.
        await unsubscribeSubscriber(db(), subscriber.id, now());
        request.log.info({ subscriberId: subscriber.id }, "newsletter unsubscribed");
        return ok(newsletterMessages.unsubscribed);
      },

      async buildQueuedMail(mail) {
        if (mail.subscriberId === null) return undefined;
        const subscriber: SubscriberRow | undefined = await findSubscriberById(
          db(),
          mail.subscriberId,
        );
        // Confirmed or unsubscribed meanwhile: nothing more to ask.
        if (subscriber?.status !== "pending") return undefined;
        const profile = await findCompanyProfile(db());
        const companyName = profile?.business_name.trim() ?? "";
        return buildNewsletterConfirmMail(
          subscriber,
          newsletterLinks(secret, config.siteUrl, subscriber),
          mail.id,
          {
            from: namedSender(profile?.business_name, config.ALERT_MAIL_FROM ?? config.MAIL_FROM),
            siteUrl: config.siteUrl,
            companyName,
          },
        );
      },
    };
    app.decorate("newsletter", service);
  },
  { name: "newsletter", dependencies: ["search-alerts"] },
);
