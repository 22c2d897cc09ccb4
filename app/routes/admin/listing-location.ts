/**
 * The listing editor's live position check (decision 069): GET /admin/listings/location?city=…
 * &country=…&latitude=…&longitude=…[&code=…] answers where the city's other listings stand and,
 * for a position far from them, the warning the save would give and the value that confirms it.
 */

import { data } from "react-router";
import { adminListingsContext, staffContext } from "#app-context";
import type { Route } from "./+types/listing-location";

/** A coordinate as typed: a number in range, or null. */
function degrees(text: string | null, limit: number): number | null {
  if (text === null || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await context.get(staffContext).session(request);
  // Signed out (the session ended elsewhere): no answer, and no redirect to follow.
  if (!session) return data(null, { status: 401 });
  const params = new URL(request.url).searchParams;
  const text = (name: string) => (params.get(name) ?? "").slice(0, 200);
  const latitude = degrees(params.get("latitude"), 90);
  const longitude = degrees(params.get("longitude"), 180);
  return context.get(adminListingsContext).checkLocation(session, {
    code: text("code") || undefined,
    city: text("city"),
    country: text("country"),
    position: latitude === null || longitude === null ? null : { latitude, longitude },
  });
}
