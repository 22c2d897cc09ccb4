/**
 * The newsletter's mails (decision 078). Every one carries the one-click unsubscribe: a link
 * in the body and RFC 8058's `List-Unsubscribe` / `List-Unsubscribe-Post` headers, answered by
 * /newsletter/unsubscribe's POST. Built when sent, from the subscriber and the secret: no token
 * is kept in the outbox.
 */
import type { SubscriberRow } from "../../db/queries/newsletter.ts";
import { type EnquiryMail, escapeHtml } from "../mail/enquiry-mail.ts";

export interface NewsletterLinks {
  confirm: string;
  unsubscribe: string;
}

export interface NewsletterMailOptions {
  /** The sender, named after the company (server/mail/sender.ts). */
  from: string;
  siteUrl: string;
  /** The company profile's business name; '' when there is none. */
  companyName: string;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** RFC 2369's link and RFC 8058's one-click POST: on every newsletter mail. */
export function newsletterUnsubscribeHeaders(links: NewsletterLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * A newsletter mail to `subscriber`: the body given, then the unsubscribe link (text and HTML),
 * with the unsubscribe headers.
 */
export function newsletterMail(
  subscriber: SubscriberRow,
  content: { subject: string; text: string[]; html: string[]; messageId: string },
  links: NewsletterLinks,
  options: NewsletterMailOptions,
): EnquiryMail {
  const text = [...content.text, "", `Unsubscribe: ${links.unsubscribe}`, ""].join("\n");
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">`,
    `<h1 style="font-size:18px">${escapeHtml(content.subject)}</h1>`,
    ...content.html,
    `<p style="font-size:13px">${link(links.unsubscribe, "Unsubscribe")}</p>`,
    "</body></html>",
  ].join("");
  return {
    from: options.from,
    to: subscriber.email,
    subject: content.subject,
    text,
    html,
    messageId: `<${content.messageId}@${hostOf(options.siteUrl)}>`,
    headers: newsletterUnsubscribeHeaders(links),
  };
}

/** The double opt-in: the address is on the list only once its link is used. */
export function buildNewsletterConfirmMail(
  subscriber: SubscriberRow,
  links: NewsletterLinks,
  mailId: number,
  options: NewsletterMailOptions,
): EnquiryMail {
  const subject = "Please confirm your newsletter subscription";
  const newsletter = options.companyName
    ? `the ${options.companyName} newsletter`
    : "our newsletter";
  const asked = `You (or someone using this address) asked to receive ${newsletter}.`;
  const ignore =
    "If you did not ask for this, ignore this e-mail: nothing more is sent unless the subscription is confirmed.";
  return newsletterMail(
    subscriber,
    {
      subject,
      text: [subject, "", asked, "", `Confirm your subscription: ${links.confirm}`, "", ignore],
      html: [
        `<p>${escapeHtml(asked)}</p>`,
        `<p>${link(links.confirm, "Confirm your subscription")}</p>`,
        `<p>${escapeHtml(ignore)}</p>`,
      ],
      messageId: `newsletter-confirm-${mailId}`,
    },
    links,
    options,
  );
}
