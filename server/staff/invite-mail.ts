/** The e-mail that brings a member of staff their set-password link: an invitation, or a new link. */
import { randomUUID } from "node:crypto";
import { staffRoleNames } from "../../lib/staff-rules.ts";
import type { EnquiryMail } from "../mail/enquiry-mail.ts";
import type { InviteMail } from "./accounts/shared.ts";

export function buildInviteMail(
  invite: InviteMail,
  options: { from: string; siteUrl: string },
): EnquiryMail {
  const host = new URL(options.siteUrl).host;
  const messageId = `<${randomUUID()}@${host.replace(/:\d+$/, "")}>`;
  if (invite.purpose === "new-link") {
    const newLinkText = [
      `An owner of the back office of ${host} has made you a new link to set your password (it works once, for 72 hours):`,
      invite.link,
      "",
      "Your current password, if you have one, keeps working until you use the link.",
      "If you did not expect this e-mail, tell an owner.",
    ].join("\n");
    return {
      from: options.from,
      to: invite.to,
      subject: `A new link to set your password at ${host}`,
      text: newLinkText,
      html: `<p>An owner of the back office of ${host} has made you a new link to set your password.</p><p><a href="${invite.link}">Set your password</a> (the link works once, for 72 hours).</p><p>Your current password, if you have one, keeps working until you use the link. If you did not expect this e-mail, tell an owner.</p>`,
      messageId,
    };
  }
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
    messageId,
  };
}
