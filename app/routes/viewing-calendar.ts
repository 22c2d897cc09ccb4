/**
 * /calendar/viewings/{secret}.ics (decision 101): a member of staff's private calendar feed of
 * their viewings, for their phone or calendar to subscribe to. An unknown or revoked secret is
 * a 404; the feed is never kept by any cache, never indexed, and its URL never sent on.
 */
import { viewingsContext } from "#app-context";
import type { Route } from "./+types/viewing-calendar";

const privateHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
} as const;

export async function loader({ context, params }: Route.LoaderArgs) {
  const secret = /^(.+)\.ics$/.exec(params.file)?.[1];
  const feed = secret ? await context.get(viewingsContext).calendarFeed(secret) : null;
  if (feed === null) {
    return new Response("Not found", {
      status: 404,
      headers: { ...privateHeaders, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(feed, {
    headers: {
      ...privateHeaders,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="viewings.ics"',
    },
  });
}
