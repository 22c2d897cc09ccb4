/**
 * A TCP proxy to a real server that a test can cut off and restore: the database "goes away"
 * (every connection dropped, new ones refused) and "comes back" on the same address, without
 * touching the real server other tests share.
 */
import { connect, createServer, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((listening, failed) => {
      server.once("error", failed);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", failed);
        listening();
      });
    });
  const stop = () =>
    new Promise<void>((stopped) => {
      server.close(() => stopped());
      for (const socket of sockets) socket.destroy();
    });
  await listen(0);
  const { port } = server.address() as { port: number };
  return {
    port,
    cut: stop,
    restore: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
