/**
 * A map tile server for the tests (decision 054): plain Node http answering a 256 px PNG for
 * every `/tiles/{z}/{x}/{y}.png` and 404 for anything else, counting what it served. Started by
 * the spec that needs it, on a port the system picks, so no test reaches a real tile host.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface TileServer {
  /** The MAP_TILE_URL template of this server. */
  template: string;
  origin: string;
  /** The tile paths asked for, in order. */
  served: string[];
  close(): Promise<void>;
}

export async function startTileServer(port = 0): Promise<TileServer> {
  // A light green square with a darker border, so tiles show as a visible grid.
  const tile = await sharp({
    create: { width: 256, height: 256, channels: 3, background: "#b9d3c4" },
  })
    .composite([
      {
        input: await sharp({
          create: { width: 252, height: 252, channels: 3, background: "#dcebe2" },
        })
          .png()
          .toBuffer(),
        left: 2,
        top: 2,
      },
    ])
    .png()
    .toBuffer();
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://tiles").pathname;
    if (!/^\/tiles\/\d+\/-?\d+\/-?\d+\.png$/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    served.push(path);
    response.writeHead(200, {
      "content-type": "image/png",
      "content-length": tile.length,
      "cache-control": "no-store",
    });
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    template: `${origin}/tiles/{z}/{x}/{y}.png`,
    origin,
    served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
