/**
 * /alerts/unsubscribe?token=… (decision 055): the digest's unsubscribe link. A POST
 * unsubscribes at once: a mail client's one-click unsubscribe (RFC 8058: the body
 * `List-Unsubscribe=One-Click`, no cookies, no page) or the button this page's GET shows.
 */
import { alertActionAnswer, alertPageHeaders, formOf, tokenOf } from "../alerts/alerts.server.ts";
import { AlertLinkPage } from "../components/alerts/alert-link-page.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/alerts-unsubscribe";

export const headers: Route.HeadersFunction = () => alertPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Unsubscribe",
    description: "Stop a property alert.",
    canonicalPath: null,
    robots: "noindex",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request) };
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  return alertActionAnswer(args, { action: "unsubscribe", token: tokenOf(args.request, form) });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AlertLinkPage
      title="Unsubscribe"
      question="Stop this property alert? You will receive no more e-mails for it."
      button="Unsubscribe"
      token={loaderData.token}
      outcome={actionData}
    />
  );
}
