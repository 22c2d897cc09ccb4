/**
 * The sender of the mails a visitor receives (alerts, newsletter; decision 078): named after the
 * company (the company profile's business name) at the configured address, so a reader sees
 * "Acme Homes <no-reply@…>" rather than MAIL_FROM's "Website enquiries", a name meant for the
 * staff's own inbox.
 */

/** The address part of a From value: `Name <a@b>` → `a@b`; a bare address is itself. */
export function addressOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match ? match[1]! : from).trim();
}

/** `"Company" <address>`: the name quoted as RFC 5322 wants, the address of `from`. */
export function namedSender(companyName: string | undefined, from: string): string {
  const name = (companyName ?? "").replace(/[\r\n]+/g, " ").trim();
  if (name === "") return from;
  const quoted = name.replace(/["\\]/g, (character) => `\\${character}`);
  return `"${quoted}" <${addressOf(from)}>`;
}
