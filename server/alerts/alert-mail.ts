/**
 * The alert mails (decision 055): the confirmation (double opt-in) and the daily digest of
 * newly published matching listings, each with a one-click unsubscribe (RFC 8058) and a link to
 * manage every alert of the address. Built when sent, from the alert and the mail's payload.
 * No text the visitor typed is quoted (the filters are described with `quoteText: false`):
 * the address that receives a mail did not necessarily type them.
 */
import type { AlertRow } from "../../db/queries/search-alert.ts";
import type { Property } from "../../lib/api-contract.ts";
import { availabilityLabels, isTaken } from "../../lib/availability.ts";
import { type CurrencyFormat, formatListingPrice } from "../../lib/format.ts";
import { describeAlertFilters, readAlertQuery, searchPageQueryOf } from "../../lib/search-alert.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import { escapeHtml } from "../mail/enquiry-mail.ts";
import type { AlertLinks } from "./tokens.ts";

export interface AlertMailOptions {
  /** The sender, named after the company (server/mail/sender.ts, decision 078). */
  from: string;
  siteUrl: string;
  currency?: CurrencyFormat;
  /** IMAGE_BASE_URL: a digest shows each home's photo; a relative base is under siteUrl. */
  imageBaseUrl?: string;
}

/** The absolute URL of a listing's cover photo, or undefined when it has none. */
export function photoUrlOf(property: Property, options: AlertMailOptions): string | undefined {
  const file = property.cover_image.trim();
  if (file === "") return undefined;
  if (/^https?:\/\//.test(file)) return file;
  const base = (options.imageBaseUrl ?? "/images").replace(/\/+$/, "");
  const path = file.startsWith("/") ? file : `${base}/property/${encodeURIComponent(file)}`;
  return /^https?:\/\//.test(path) ? path : `${options.siteUrl}${path}`;
}

/** What a digest says of a home's availability: 'Sold STC', 'Under offer'…, or nothing. */
function statusOf(property: Property): string | undefined {
  return property.availability && isTaken(property.availability)
    ? availabilityLabels[property.availability]
    : undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

function page(title: string, body: string): string {
  return [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430;line-height:1.5">`,
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    body,
    "</body></html>",
  ].join("");
}

const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

/** The alert's filters in words for a mail: typed text named, not quoted. */
function mailDescription(alert: AlertRow): string {
  return describeAlertFilters(readAlertQuery(alert.query) ?? {}, { quoteText: false });
}

/** RFC 2369's unsubscribe link and RFC 8058's one-click POST (answered by /alerts/unsubscribe). */
function unsubscribeHeaders(links: AlertLinks): Record<string, string> {
  return {
    "List-Unsubscribe": `<${links.unsubscribe}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function searchUrl(siteUrl: string, alert: AlertRow): string {
  const query = searchPageQueryOf(readAlertQuery(alert.query) ?? {});
  return query ? `${siteUrl}/search?${query}` : `${siteUrl}/search`;
}

export function buildAlertConfirmMail(
  alert: AlertRow,
  links: AlertLinks,
  mailId: number,
  options: AlertMailOptions,
): EnquiryMail {
  const description = mailDescription(alert);
  const title = "Please confirm your property alert";
  const text = [
    title,
    "",
    `You (or someone using this address) asked us to e-mail new properties matching: ${description}.`,
    "",
    `Confirm the alert: ${links.confirm}`,
    "",
    "If you did not ask for this, ignore this e-mail: nothing more is sent unless the alert is confirmed.",
    `Delete this alert: ${links.unsubscribe}`,
    `Manage or delete your alerts: ${links.manage}`,
    "",
  ].join("\n");
  const html = page(
    title,
    [
      `<p>You (or someone using this address) asked us to e-mail new properties matching: <strong>${escapeHtml(description)}</strong>.</p>`,
      `<p>${link(links.confirm, "Confirm the alert")}</p>`,
      `<p>If you did not ask for this, ignore this e-mail: nothing more is sent unless the alert is confirmed.</p>`,
      `<p style="font-size:13px">${link(links.unsubscribe, "Delete this alert")} · ${link(links.manage, "Manage or delete your alerts")}</p>`,
    ].join(""),
  );
  return {
    from: options.from,
    to: alert.email,
    subject: title,
    text,
    html,
    messageId: `<alert-confirm-${mailId}@${hostOf(options.siteUrl)}>`,
    headers: unsubscribeHeaders(links),
  };
}

/**
 * A fresh manage link (decision 066), sent when an address saves a search it has confirmed
 * already: how a visitor whose manage link expired is sent a new one.
 */
export function buildAlertLinkMail(
  alert: AlertRow,
  links: AlertLinks,
  mailId: number,
  options: AlertMailOptions,
): EnquiryMail {
  const title = "Your property alerts";
  const text = [
    title,
    "",
    `You (or someone using this address) saved a search you already have an alert for: ${mailDescription(alert)}.`,
    "",
    `Manage or delete your alerts: ${links.manage}`,
    "",
    "This link works for 30 days. If you did not ask for it, ignore this e-mail.",
    `Unsubscribe from this alert: ${links.unsubscribe}`,
    "",
  ].join("\n");
  const html = page(
    title,
    [
      `<p>You (or someone using this address) saved a search you already have an alert for: <strong>${escapeHtml(mailDescription(alert))}</strong>.</p>`,
      `<p>${link(links.manage, "Manage or delete your alerts")}</p>`,
      "<p>This link works for 30 days. If you did not ask for it, ignore this e-mail.</p>",
      `<p style="font-size:13px">${link(links.unsubscribe, "Unsubscribe from this alert")}</p>`,
    ].join(""),
  );
  return {
    from: options.from,
    to: alert.email,
    subject: title,
    text,
    html,
    messageId: `<alert-link-${mailId}@${hostOf(options.siteUrl)}>`,
    headers: unsubscribeHeaders(links),
  };
}

export function buildAlertDigestMail(
  alert: AlertRow,
  properties: readonly Property[],
  links: AlertLinks,
  mailId: number,
  options: AlertMailOptions,
): EnquiryMail {
  const description = mailDescription(alert);
  const count = properties.length;
  const subject = `${count} new ${count === 1 ? "property" : "properties"}: ${description}`.slice(
    0,
    200,
  );
  const propertyUrl = (property: Property) =>
    `${options.siteUrl}/property/${encodeURIComponent(property.slug)}`;
  /** Price (with a rent's period), availability when taken, city. */
  const facts = (property: Property) =>
    [formatListingPrice(property, options.currency), statusOf(property), property.city]
      .filter((fact): fact is string => Boolean(fact))
      .join(", ");
  const line = (property: Property) =>
    `${property.headline} (${facts(property)}): ${propertyUrl(property)}`;
  const search = searchUrl(options.siteUrl, alert);
  const text = [
    `New properties matching your alert: ${description}`,
    "",
    ...properties.map((property) => `- ${line(property)}`),
    "",
    `See every match: ${search}`,
    "",
    `Unsubscribe from this alert: ${links.unsubscribe}`,
    `Manage or delete your alerts: ${links.manage}`,
    "",
  ].join("\n");
  const photo = (property: Property) => {
    const src = photoUrlOf(property, options);
    return src
      ? `<a href="${escapeHtml(propertyUrl(property))}"><img src="${escapeHtml(src)}" alt="${escapeHtml(property.headline)}" width="240" style="display:block;width:240px;max-width:100%;height:auto;border:0;margin-bottom:6px"></a>`
      : "";
  };
  const items = properties
    .map(
      (property) =>
        `<li style="margin-bottom:18px;list-style:none">${photo(property)}${link(propertyUrl(property), property.headline)}<br>${escapeHtml(facts(property))}</li>`,
    )
    .join("");
  const html = page(
    `New properties matching your alert: ${description}`,
    [
      `<ul style="padding:0">${items}</ul>`,
      `<p>${link(search, "See every match")}</p>`,
      `<p style="font-size:13px">${link(links.unsubscribe, "Unsubscribe from this alert")} · ${link(links.manage, "Manage or delete your alerts")}</p>`,
    ].join(""),
  );
  return {
    from: options.from,
    to: alert.email,
    subject,
    text,
    html,
    messageId: `<alert-digest-${mailId}@${hostOf(options.siteUrl)}>`,
    headers: unsubscribeHeaders(links),
  };
}
