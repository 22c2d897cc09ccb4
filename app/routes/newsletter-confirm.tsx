/**
 * /newsletter/confirm?token=… (decision 078): the confirmation mail's link. The GET shows a
 * button and changes nothing (mail scanners open links); pressing it confirms the address, and
 * the link is used up.
 */
import { AlertLinkPage } from "../components/alerts/alert-link-page.tsx";
import {
  newsletterLinkAction,
  newsletterPageHeaders,
  tokenOf,
} from "../newsletter/newsletter.server.ts";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/newsletter-confirm";

export const headers: Route.HeadersFunction = () => newsletterPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    canonicalPath: null,
    robots: "noindex",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request) };
}

export function action(args: Route.ActionArgs) {
  return newsletterLinkAction(args, "confirm");
}

export default function ConfirmNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AlertLinkPage
      title="Confirm your subscription"
      question="Press the button to start receiving our newsletter by e-mail."
      button="Confirm my subscription"
      token={loaderData.token}
      outcome={actionData}
      back={{ href: "/", text: "Back to the home page" }}
      done={<p>Every newsletter e-mail has a link to unsubscribe in one click.</p>}
    />
  );
}
