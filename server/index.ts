/**
 * Starts the server: parses the configuration, builds the app with the site, listens on
 * HOST:PORT and shuts down gracefully on SIGTERM/SIGINT (in-flight requests finish first).
 */
import { ConfigError, loadConfig } from "../config/env.ts";
import { buildApp } from "./app.ts";

const shutdownTimeoutMs = 10_000;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ config, site: true });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // A burst of connections waits in the kernel's accept queue while a render holds the event
  // loop; past Node's default of 511 the kernel drops them and resets them a minute later
  // (decision 028). The kernel caps it at net.core.somaxconn.
  await app.listen({ host: config.HOST, port: config.PORT, backlog: 4096 });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
