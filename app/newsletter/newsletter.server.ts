/**
 * The newsletter pages' server side (decision 078): the subscribe boxes' post, the confirm and
 * unsubscribe links; each asks the API (`POST /api/newsletter/{action}` through the site's §7
 * client) and shows its message. A subscribe is answered the same whatever the address.
 */
import { data, type RouterContextProvider } from "react-router";
import { siteRequestContext } from "#app-context";
import type { NewsletterRequest } from "../../lib/newsletter.ts";
import { newsletterMessages } from "../../lib/newsletter.ts";
import { type AlertOutcome, formOf, formText } from "../alerts/alerts.server.ts";
import { honeypotFieldName } from "../enquiry/enquiry-result.ts";

export { alertPageHeaders as newsletterPageHeaders, tokenOf } from "../alerts/alerts.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const unavailable = "Your request could not be handled just now. Please try again in a moment.";

/** What a newsletter page renders after a post: the alert pages' outcome, the address kept. */
export type NewsletterOutcome = Omit<AlertOutcome, "answer"> & { email?: string };

export async function askNewsletterApi(
  args: Args,
  action: NewsletterRequest,
): Promise<NewsletterOutcome> {
  const { api } = args.context.get(siteRequestContext);
  const result = await api.newsletter(action);
  if (result.kind === "network-error") {
    return { ok: false, httpStatus: 502, message: unavailable, errors: {} };
  }
  const { httpStatus, answer } = result;
  const ok = httpStatus === 200 && answer.status === 200;
  return {
    ok,
    httpStatus: ok ? 200 : httpStatus,
    message: answer.message,
    errors: answer.errors ?? {},
  };
}

/** A confirm or unsubscribe post: the token from the link's URL or the page's form. */
export async function newsletterLinkAction(args: Args, action: "confirm" | "unsubscribe") {
  const form = await formOf(args.request);
  const token = new URL(args.request.url).searchParams.get("token") ?? formText(form, "token");
  const outcome = await askNewsletterApi(args, { action, token });
  return data(outcome, { status: outcome.httpStatus });
}

/** The subscribe boxes' post: the honeypot, then the API (address, limits, double opt-in). */
export async function subscribeNewsletterAction(args: Args) {
  const form = await formOf(args.request);
  const email = formText(form, "email");
  if (!form || formText(form, honeypotFieldName) !== "") {
    console.warn(`newsletter subscribe refused: ${form ? "honeypot filled" : "unreadable body"}`);
    const outcome: NewsletterOutcome = {
      ok: false,
      httpStatus: 400,
      message: newsletterMessages.honeypot,
      errors: {},
      email,
    };
    return data(outcome, { status: 400 });
  }
  const outcome = await askNewsletterApi(args, { action: "subscribe", email });
  return data<NewsletterOutcome>({ ...outcome, email }, { status: outcome.httpStatus });
}
