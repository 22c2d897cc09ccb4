/**
 * The e-mail that tells the company about an enquiry: every field, the property's headline and
 * a link to its page. Every value is escaped: an enquiry is visitor input.
 */
import type { EnquiryWithDelivery } from "../../db/queries/outbox.ts";

export interface EnquiryMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per enquiry, so a mail server or client can tell a repeated delivery. */
  messageId: string;
  /** Extra headers, such as an alert digest's List-Unsubscribe (decision 055). */
  headers?: Record<string, string>;
  /**
   * A calendar invite (a viewing's, decision 101): nodemailer sends it as a `text/calendar;
   * method=…` alternative and as an attachment named `filename`.
   */
  icalEvent?: { method: string; filename: string; content: string };
}

export interface EnquiryMailOptions {
  from: string;
  to: string;
  /** The site's public origin, for the property link. */
  siteUrl: string;
}

const htmlEscapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

/** One line of text: line breaks inside a value would forge extra lines or headers. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

export function buildEnquiryMail(
  enquiry: EnquiryWithDelivery,
  options: EnquiryMailOptions,
): EnquiryMail {
  const propertyUrl = enquiry.property_slug
    ? `${options.siteUrl}/property/${encodeURIComponent(enquiry.property_slug)}`
    : null;
  const about = enquiry.property_code
    ? `Enquiry about ${oneLine(enquiry.property_headline ?? enquiry.property_code)}`
    : `Contact message: ${oneLine(enquiry.how_you_hear) || "(no subject)"}`;
  const subject = `${about} from ${oneLine(enquiry.fullname)}`.slice(0, 200);

  const fields: [label: string, value: string][] = [
    ["Name", enquiry.fullname],
    ["Telephone", enquiry.telephone],
    ["Email", enquiry.email],
    [enquiry.property_code ? "How they heard of us" : "Subject", enquiry.how_you_hear],
    ["Property", enquiry.property_headline ?? ""],
    ["Property code", enquiry.property_code ?? ""],
    ["Property page", propertyUrl ?? ""],
    ["Received", enquiry.created_at],
    ["Sender IP", enquiry.ip],
    ["Puzzle", `${enquiry.num1} + ${enquiry.num2} = ${enquiry.puzzle}`],
  ];
  const shown = fields.filter(([, value]) => value !== "");

  const text = [
    about,
    "",
    ...shown.map(([label, value]) => `${label}: ${oneLine(value)}`),
    "",
    "Message:",
    enquiry.message,
    "",
  ].join("\n");

  const rows = shown
    .map(([label, value]) => {
      const cell =
        label === "Property page" && propertyUrl
          ? `<a href="${escapeHtml(propertyUrl)}">${escapeHtml(propertyUrl)}</a>`
          : escapeHtml(value);
      return `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${cell}</td></tr>`;
    })
    .join("");
  const html = [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430">`,
    `<h1 style="font-size:18px">${escapeHtml(about)}</h1>`,
    `<table>${rows}</table>`,
    `<h2 style="font-size:16px">Message</h2>`,
    `<p style="white-space:pre-wrap">${escapeHtml(enquiry.message)}</p>`,
    "</body></html>",
  ].join("");

  return {
    from: options.from,
    to: options.to,
    ...(enquiry.email ? { replyTo: oneLine(enquiry.email) } : {}),
    subject,
    text,
    html,
    messageId: `<enquiry-${enquiry.id}@${hostOf(options.siteUrl)}>`,
  };
}
