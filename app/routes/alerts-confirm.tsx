/**
 * /alerts/confirm?token=… (decision 055): the confirmation mail's link. The GET shows a
 * button and changes nothing (mail scanners open links); pressing it confirms the alert.
 */
import { alertActionAnswer, alertPageHeaders, formOf, tokenOf } from "../alerts/alerts.server.ts";
import { AlertLinkPage } from "../components/alerts/alert-link-page.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/alerts-confirm";

export const headers: Route.HeadersFunction = () => alertPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Confirm your alert",
    description: "Confirm your property alert.",
    canonicalPath: null,
    robots: "noindex",
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request) };
}

export async function action(args: Route.ActionArgs) {
  const form = await formOf(args.request);
  return alertActionAnswer(args, { action: "confirm", token: tokenOf(args.request, form) });
}

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  const search = actionData?.answer?.alerts?.[0]?.description;
  return (
    <AlertLinkPage
      title="Confirm your alert"
      question="Press the button to start receiving new matching properties by e-mail."
      button="Confirm my alert"
      token={loaderData.token}
      outcome={actionData}
      done={
        search ? (
          <p>
            Your search: <strong>{search}</strong>. Every e-mail has a link to manage or delete your
            alerts.
          </p>
        ) : null
      }
    />
  );
}
