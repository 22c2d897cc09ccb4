/**
 * An enquiry sent by the forms' script (app/components/enquiry/enhance-enquiry-form.ts,
 * decision 043): the same submission as the pages' actions (`submitEnquiry`), answered as JSON
 * with its HTTP status. Without JavaScript the forms post to their page instead. A post from
 * another origin is refused as React Router refuses one to the pages (decision 066).
 */
import { data } from "react-router";
import { refuseCrossOriginPost } from "../cross-origin-post.ts";
import { enquiryJsonAction } from "../enquiry/enquiry-action.server.ts";
import type { Route } from "./+types/enquiry-send";

export function action(args: Route.ActionArgs) {
  refuseCrossOriginPost(args.request);
  const { form } = args.params;
  if (form !== "contact" && form !== "property") throw data(null, { status: 404 });
  return enquiryJsonAction(args, form);
}

/** Nothing to show: a GET here is a page that does not exist. */
export function loader(): never {
  throw data(null, { status: 404 });
}
