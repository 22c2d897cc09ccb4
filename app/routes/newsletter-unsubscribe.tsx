/**
 * /newsletter/unsubscribe?token=… (decision 078): the link in every newsletter mail. A POST
 * unsubscribes at once: a mail client's one-click unsubscribe (RFC 8058: the body
 * `List-Unsubscribe=One-Click`, no cookies, no page) or this page's button. The GET shows the
 * one button and changes nothing, since mail scanners open links (as decision 055 found).
 */
import { AlertLinkPage } from "../components/alerts/alert-link-page.tsx";
import {
  newsletterLinkAction,
  newsletterPageHeaders,
  tokenOf,
} from "../newsletter/newsletter.server.ts";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const headers: Route.HeadersFunction = () => newsletterPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Unsubscribe",
    description: "Stop the newsletter.",
    canonicalPath: null,
    robots: "noindex",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request) };
}

export function action(args: Route.ActionArgs) {
  return newsletterLinkAction(args, "unsubscribe");
}

export default function UnsubscribeNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AlertLinkPage
      title="Unsubscribe"
      question="Stop the newsletter? You will receive no more newsletter e-mails."
      button="Unsubscribe"
      token={loaderData.token}
      outcome={actionData}
      back={{ href: "/", text: "Back to the home page" }}
    />
  );
}
