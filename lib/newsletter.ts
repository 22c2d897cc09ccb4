/**
 * The newsletter's words and requests (decision 078), shared by the site and the API: the
 * subscribe boxes post an address, the confirmation mail's link confirms it, every newsletter
 * mail's link unsubscribes it in one click.
 */

export const newsletterMessages = {
  /** The same whatever the address's state: nothing is told about it. */
  subscribed:
    "Thank you. If this address can receive our e-mails, a message is on its way: open the link in it to confirm your subscription.",
  email: "Please enter valid email address",
  honeypot: "Your subscription could not be saved. Please reload the page and try again.",
  confirmed: "Your subscription is confirmed. Thank you for subscribing to our newsletter.",
  badLink: "This link is not valid any more. It may have been used already.",
  unsubscribed: "You are unsubscribed: you will receive no more newsletter e-mails.",
  tooMany: (after: string) => `Too many requests from your address. Please try again in ${after}.`,
} as const;

export type NewsletterRequest =
  | { action: "subscribe"; email: string }
  | { action: "confirm"; token: string }
  | { action: "unsubscribe"; token: string };

export const newsletterActions = ["subscribe", "confirm", "unsubscribe"] as const;

export interface NewsletterAnswer {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

/** Reads an action's fields from a body; undefined for an unknown action. */
export function readNewsletterRequest(
  action: string,
  body: unknown,
): NewsletterRequest | undefined {
  const source = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof source[name] === "string" ? (source[name] as string) : "");
  switch (action) {
    case "subscribe":
      return { action, email: text("email") };
    case "confirm":
    case "unsubscribe":
      return { action, token: text("token") };
    default:
      return undefined;
  }
}
