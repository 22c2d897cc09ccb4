/**
 * A local stand-in for a Nominatim-compatible geocoder (decision 069): answers
 * `/search?q=…&format=jsonv2` with Nominatim's JSON for the places it knows, an empty list for
 * the rest, and records every request (path, query and User-Agent) so a test can say what was
 * asked, or that nothing was.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface GeocoderStub {
  url: string;
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[];
  /** Milliseconds every answer waits (to test the time-out). */
  delayMs: number;
  /** Answer this status instead (to test a failing service). */
  status: number;
  close(): Promise<void>;
}

export async function startGeocoderStub(
  places: Record<string, { lat: number; lon: number; display_name: string }>,
  port = 0,
): Promise<GeocoderStub> {
  const stub: GeocoderStub = {
    url: "",
    requests: [],
    delayMs: 0,
    status: 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stub");
    stub.requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers });
    setTimeout(() => {
      if (stub.status !== 200) {
        response.writeHead(stub.status).end();
        return;
      }
      const place = places[url.searchParams.get("q") ?? ""];
      // Nominatim's jsonv2 answer: coordinates as strings, among other fields.
      const answer = place
        ? [
            {
              place_id: 1,
              lat: String(place.lat),
              lon: String(place.lon),
              display_name: place.display_name,
              category: "place",
              type: "house",
              importance: 0.5,
            },
          ]
        : [];
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    }, stub.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
