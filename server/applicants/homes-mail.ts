/**
 * The mail of homes to an applicant (decision 103, outbox kind `applicant-homes`), and its
 * stop link: `/applicants/stop?token=…`, signed with the alert secret over the applicant's id
 * and address (no token is kept), answered by a page with one button (GET) and by the
 * one-click POST of RFC 8058's `List-Unsubscribe-Post`; either sets the consent off. Built
 * when sent: an applicant who withdrew consent meanwhile, or was deleted, is sent nothing.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import {
  type ApplicantHomesPayload,
  findApplicant,
  listHomesOfCodes,
  setApplicantConsent,
} from "../../db/queries/applicant.ts";
import { findCompanyProfile } from "../../db/queries/company-profile.ts";
import type { QueuedMail } from "../../db/queries/outbox.ts";
import { formatListingPrice } from "../../lib/format.ts";
import { readRentPeriod } from "../../lib/rent-period.ts";
import { alertIdOf, isRowTokenOf, rowToken } from "../alerts/tokens.ts";
import { type EnquiryMail, escapeHtml } from "../mail/enquiry-mail.ts";
import { namedSender } from "../mail/sender.ts";

export const applicantStopPath = "/applicants/stop";
const stopPurpose = "applicant-stop";

declare module "fastify" {
  interface FastifyInstance {
    /** Builds the outbox's `applicant-homes` mails (decision 103). */
    applicantMails: { buildQueuedMail(mail: QueuedMail): Promise<EnquiryMail | undefined> };
  }
}

/** The applicant's stop token: their id, signed over the id and their address. */
export function applicantStopToken(secret: string, applicant: { id: number; email: string }) {
  return rowToken(secret, stopPurpose, { id: applicant.id, salt: applicant.email });
}

export function applicantStopUrl(
  secret: string,
  siteUrl: string,
  applicant: { id: number; email: string },
): string {
  return `${siteUrl}${applicantStopPath}?token=${encodeURIComponent(applicantStopToken(secret, applicant))}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

function readPayload(text: string): ApplicantHomesPayload | undefined {
  try {
    const value = JSON.parse(text) as Partial<ApplicantHomesPayload>;
    return typeof value.applicantId === "number" && Array.isArray(value.codes)
      ? { applicantId: value.applicantId, codes: value.codes.map(String) }
      : undefined;
  } catch {
    return undefined;
  }
}

function page(title: string, body: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head><body>`,
    `<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  ].join("");
}

export const applicantMailPlugin = fp(
  async (app: FastifyInstance, options: { config: Config; now?: () => Date }) => {
    const { config } = options;
    const now = options.now ?? (() => new Date());
    const secret = app.formSecrets.alert;
    const db = () => app.database.db;

    async function buildQueuedMail(mail: QueuedMail): Promise<EnquiryMail | undefined> {
      const payload = readPayload(mail.payload);
      if (!payload) return undefined;
      const applicant = await findApplicant(db(), payload.applicantId);
      // Withdrawn meanwhile, or erased: nothing is sent.
      if (!applicant?.consent) return undefined;
      const homes = await listHomesOfCodes(db(), payload.codes);
      if (homes.length === 0) return undefined;
      const profile = await findCompanyProfile(db());
      const company = profile?.business_name.trim() ?? "";
      const stop = applicantStopUrl(secret, config.siteUrl, applicant);
      const subject =
        homes.length === 1
          ? `A home for you${company ? ` from ${company}` : ""}`
          : `${homes.length} homes for you${company ? ` from ${company}` : ""}`;
      const lines = homes.map((home) => {
        const price = formatListingPrice(
          {
            price: Number(home.price),
            offer_type: home.offer_type,
            rent_period: readRentPeriod(home.rent_period) ?? null,
          },
          config.CURRENCY,
        );
        const url = `${config.siteUrl}/property/${encodeURIComponent(home.slug)}`;
        const beds = Number(home.bedroom) === 1 ? "1 bedroom" : `${home.bedroom} bedrooms`;
        return { headline: home.headline, facts: `${price} · ${beds} · ${home.city}`, url };
      });
      const greeting = applicant.name ? `Dear ${applicant.name},` : "Hello,";
      const text = [
        greeting,
        "",
        "We thought these homes might suit you:",
        "",
        ...lines.flatMap((line) => [line.headline, line.facts, line.url, ""]),
        `To stop receiving homes from us: ${stop}`,
        "",
      ].join("\n");
      const html = [
        '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">',
        `<p>${escapeHtml(greeting)}</p><p>We thought these homes might suit you:</p><ul>`,
        ...lines.map(
          (line) =>
            `<li><a href="${escapeHtml(line.url)}">${escapeHtml(line.headline)}</a><br>${escapeHtml(line.facts)}</li>`,
        ),
        `</ul><p style="font-size:13px"><a href="${escapeHtml(stop)}">Stop receiving homes from us</a></p>`,
        "</body></html>",
      ].join("");
      return {
        from: namedSender(profile?.business_name, config.ALERT_MAIL_FROM ?? config.MAIL_FROM),
        to: applicant.email,
        subject,
        text,
        html,
        messageId: `<applicant-homes-${mail.id}@${hostOf(config.siteUrl)}>`,
        headers: {
          "List-Unsubscribe": `<${stop}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      };
    }

    app.decorate("applicantMails", { buildQueuedMail });

    /** The applicant a stop token names, when its signature is right. */
    async function applicantOfToken(token: unknown) {
      if (typeof token !== "string" || token.length > 200) return undefined;
      const id = alertIdOf(token);
      const applicant = id === undefined ? undefined : await findApplicant(db(), id);
      return applicant &&
        isRowTokenOf(secret, stopPurpose, token, { id: applicant.id, salt: applicant.email })
        ? applicant
        : undefined;
    }

    const badLink = page(
      "This link does not work",
      "<p>It may have been mistyped, or the address it was for is no longer on our list.</p>",
    );

    await app.register(async (scope) => {
      // The one-click post's body (`List-Unsubscribe=One-Click`) and the page's form say
      // nothing the token does not: read and ignored.
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 1024 },
        (_request, _body, done) => done(null, {}),
      );
      scope.get(applicantStopPath, async (request, reply) => {
        reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8");
        const token = (request.query as { token?: unknown }).token;
        const applicant = await applicantOfToken(token);
        if (!applicant) return reply.code(404).send(badLink);
        const action = `${applicantStopPath}?token=${encodeURIComponent(String(token))}`;
        return reply.send(
          page(
            "Stop receiving homes from us",
            applicant.consent
              ? `<p>We send homes that match what you are looking for to ${escapeHtml(applicant.email)}.</p>` +
                  `<form method="post" action="${escapeHtml(action)}"><button type="submit">Stop these e-mails</button></form>`
              : "<p>You will not receive homes from us any more.</p>",
          ),
        );
      });
      scope.post(applicantStopPath, async (request, reply) => {
        reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8");
        const applicant = await applicantOfToken((request.query as { token?: unknown }).token);
        if (!applicant) return reply.code(404).send(badLink);
        if (applicant.consent) {
          await setApplicantConsent(db(), applicant.id, {
            consent: false,
            source: "stop-link",
            note: "",
            by: "stop link",
            at: now(),
          });
          request.log.info({ applicantId: applicant.id }, "applicant stopped the homes mails");
        }
        return reply.send(
          page("You will not receive homes from us any more", "<p>Thank you for telling us.</p>"),
        );
      });
    });
  },
  { name: "applicant-mails" },
);
