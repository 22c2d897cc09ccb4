/**
 * /newsletter (decision 078): where the home page's and the footer's subscribe boxes post an
 * address. Answers "Check your inbox" (the same whatever the address's state: a confirmation
 * mail is on its way only if it is new or still pending), or the box again with what to
 * correct. A GET shows the box on its own.
 */

import { PageBanner } from "../components/frame/page-banner.tsx";
import { SubscribeForm } from "../components/frame/subscribe-form.tsx";
import {
  newsletterPageHeaders,
  subscribeNewsletterAction,
} from "../newsletter/newsletter.server.ts";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/newsletter";

export const headers: Route.HeadersFunction = () => newsletterPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Subscribe to our newsletter",
    description: "Subscribe to our newsletter.",
    canonicalPath: null,
    robots: "noindex",
  });

export function action(args: Route.ActionArgs) {
  return subscribeNewsletterAction(args);
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const saved = result?.ok === true;
  return (
    <>
      <PageBanner
        title="Newsletter"
        heading={saved ? "Check your inbox" : "Subscribe to our newsletter"}
      />
      <div className="container alert-page">
        {result ? (
          <p
            className={`alert-page__message${saved ? "" : " alert-page__message--error"}`}
            role={saved ? "status" : "alert"}
          >
            {result.message}
          </p>
        ) : (
          <p>Be the first to hear about new listings, price changes and open house days.</p>
        )}
        {saved ? (
          <div className="alert-page__actions">
            <a className="button button--primary" href="/">
              Back to the home page
            </a>
          </div>
        ) : (
          <SubscribeForm
            label="Your e-mail address"
            email={result?.email ?? ""}
            {...(result?.errors.email ? { error: result.errors.email } : {})}
          />
        )}
      </div>
    </>
  );
}
