/**
 * /alerts (decision 055): where the /search form posts a visitor's address for the current
 * filters. Answers "check your inbox" (the same whether or not the address has alerts), or
 * the form again with what to correct. A GET here points to /search, where searches are saved.
 */
import { readAlertQuery } from "../../lib/search-alert.ts";
import { alertPageHeaders, subscribeAction } from "../alerts/alerts.server.ts";
import { AlertForm } from "../components/alerts/alert-form.tsx";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/alerts";

export const headers: Route.HeadersFunction = () => alertPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "E-mail me new matches",
    description: "Get an e-mail when new properties match your search.",
    canonicalPath: null,
    robots: "noindex",
  });

export function action(args: Route.ActionArgs) {
  return subscribeAction(args);
}

export default function Alerts({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const saved = result?.ok === true;
  return (
    <>
      <PageBanner title="E-mail me new matches" heading={saved ? "Check your inbox" : undefined} />
      <div className="container alert-page">
        {result ? (
          <p
            className={`alert-page__message${saved ? "" : " alert-page__message--error"}`}
            role={saved ? "status" : "alert"}
          >
            {result.message}
          </p>
        ) : null}
        {!result ? (
          <p>
            Choose your filters on the <a href="/search">search page</a>, then use its “E-mail me
            new matches” form.
          </p>
        ) : saved ? (
          <div className="alert-page__actions">
            <a className="button button--primary" href="/search">
              Back to the search
            </a>
          </div>
        ) : (
          <AlertForm
            layout="page"
            filters={readAlertQuery(result?.query ?? "") ?? {}}
            email={result?.email ?? ""}
            {...(result?.errors.email ? { error: result.errors.email } : {})}
            {...(result?.puzzle ? { puzzle: result.puzzle } : {})}
            {...(result?.errors.puzzle ? { puzzleError: result.errors.puzzle } : {})}
          />
        )}
      </div>
    </>
  );
}
