/**
 * The search alert pages' server side (decision 055): each reads the visitor's form or link
 * and asks the API (`POST /api/alert/{action}` through the site's §7 client). What a page is
 * told is the API's message; a save is answered the same whatever the address.
 */
import { data, type RouterContextProvider } from "react-router";
import { siteRequestContext } from "#app-context";
import type { AlertAnswer, AlertRequest } from "../../lib/search-alert.ts";
import { alertMessages } from "../../lib/search-alert.ts";
import { honeypotFieldName } from "../enquiry/enquiry-result.ts";

export interface AlertOutcome {
  ok: boolean;
  httpStatus: number;
  message: string;
  errors: Record<string, string>;
  answer?: AlertAnswer;
}

const unavailable = "Your request could not be handled just now. Please try again in a moment.";

/**
 * The headers of every alert page: per visitor, never kept, never indexed, and the URL (its
 * token) never sent to another site. `same-origin`, not `no-referrer`: under `no-referrer` a
 * form post's `Origin` is `null`, which React Router refuses (as for /admin).
 */
export const alertPageHeaders = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
} as const;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function askAlertApi(args: Args, action: AlertRequest): Promise<AlertOutcome> {
  const { api } = args.context.get(siteRequestContext);
  const result = await api.alert(action);
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
    answer,
  };
}

/** An action's answer: the outcome, with its HTTP status (a spent link is a 404). */
export async function alertActionAnswer(args: Args, action: AlertRequest) {
  const outcome = await askAlertApi(args, action);
  return data(outcome, { status: outcome.httpStatus });
}

async function formOf(request: Request): Promise<FormData | undefined> {
  return request.formData().catch(() => undefined);
}

const text = (form: FormData | undefined, name: string) => {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
};

/** The token a link carries (`?token=`), or a form's `token` field. */
export function tokenOf(request: Request, form?: FormData): string {
  return new URL(request.url).searchParams.get("token") ?? text(form, "token");
}

const noErrors: Record<string, string> = {};

/** The /search form's post: honeypot, then the API's save. */
export async function subscribeAction(args: Args) {
  const form = await formOf(args.request);
  const email = text(form, "email");
  const query = text(form, "query");
  if (!form) {
    return data(
      {
        ok: false,
        httpStatus: 400,
        message: alertMessages.honeypot,
        errors: noErrors,
        email,
        query,
      },
      { status: 400 },
    );
  }
  if (text(form, honeypotFieldName) !== "") {
    console.warn("search alert refused: honeypot filled");
    return data(
      {
        ok: false,
        httpStatus: 400,
        message: alertMessages.honeypot,
        errors: noErrors,
        email,
        query,
      },
      { status: 400 },
    );
  }
  const outcome = await askAlertApi(args, { action: "subscribe", email, query });
  return data({ ...outcome, email, query }, { status: outcome.httpStatus });
}

export { formOf, text as formText };
