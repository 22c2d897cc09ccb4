/** The e-mail that brings an invited member of staff their set-password link. */
import { randomUUID } from "node:crypto";
import { staffRoleNames } from "../../lib/staff-rules.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import type { InviteMail } from "./accounts.ts";

export function buildInviteMail(
  invite: InviteMail,
  options: { from: string; siteUrl: string },
): EnquiryMail {
  const host = new URL(options.siteUrl).host;
  const text = [
    `You have been invited to the back office of ${host} as ${staffRoleNames[invite.role].toLowerCase()}.`,
    "",
    "Choose your password here (the link works once, for 72 hours):",
    invite.link,
    "",
    "If you did not expect this e-mail, you can ignore it.",
  ].join("\n");
  // The link is ours (base64url token on the site's own address): nothing here needs escaping
  // but the host, which a URL's host never needs either.
  const html = `<p>You have been invited to the back office of ${host} as ${staffRoleNames[invite.role].toLowerCase()}.</p><p><a href="${invite.link}">Choose your password</a> (the link works once, for 72 hours).</p><p>If you did not expect this e-mail, you can ignore it.</p>`;
  return {
    from: options.from,
    to: invite.to,
    subject: `Your back office account at ${host}`,
    text,
    html,
    messageId: `<${randomUUID()}@${host.replace(/:\d+$/, "")}>`,
  };
}
