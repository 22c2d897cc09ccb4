/**
 * Starts the server: reads `.env` (real environment variables win), parses the configuration,
 * checks the set-up (server/startup.ts), builds the app with the site, listens on HOST:PORT,
 * logs one line of what it uses, and shuts down gracefully: on SIGTERM it stops listening and
 * drains its open connections (for up to SHUTDOWN_DRAIN_MS: not ready, serving, closing each
 * after its answer: decision 091), then lets in-flight requests and jobs finish; SIGINT (Ctrl-C
 * at a terminal) skips the drain. A set-up mistake stops it with one line per problem and exit code 1.
 */
import { type Config, ConfigError, loadConfig, loadDotEnv } from "../config/env.ts";
import { buildApp } from "./app.ts";
import { stopListening } from "./drain.ts";
import { writeMissingSiteImages } from "./images/site-images.ts";
import { prettyLogStream } from "./pretty-logs.ts";
import {
  checkDatabase,
  checkPort,
  checkRedis,
  listenProblem,
  prepareImageDir,
  StartupError,
  startupMessage,
  startupSummary,
} from "./startup.ts";

/** How long the close may take once the drain is over (in-flight requests, jobs, connections). */
const shutdownTimeoutMs = 10_000;

async function start(config: Config) {
  await checkPort(config.HOST, config.PORT);
  await checkDatabase(config.DATABASE_URL);
  await checkRedis(config.REDIS_URL);
  await prepareImageDir(config);
  await writeMissingSiteImages(config.IMAGE_DIR);

  // Readable request logs for a person at a terminal; JSON lines for everything else.
  const logStream = process.stdout.isTTY ? await prettyLogStream() : undefined;
  const app = await buildApp({ config, site: true, ...(logStream ? { logStream } : {}) });
  let closing = false;
  let drained: Promise<void> | undefined;
  const close = () => {
    if (closing) return;
    closing = true;
    const timer = setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, shutdownTimeoutMs);
    timer.unref();
    // The connections first, their requests answered, then the app (jobs, database, Redis).
    (drained ?? stopListening(app, 0))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  const shutdown = (signal: NodeJS.Signals) => {
    // A second signal while draining (an impatient operator) closes the idle connections now.
    if (app.drain.draining) {
      app.server.closeIdleConnections();
      return;
    }
    const drainMs = signal === "SIGTERM" ? config.SHUTDOWN_DRAIN_MS : 0;
    app.log.info({ signal, drainMs }, "shutting down");
    app.drain.begin();
    if (drainMs === 0) return close();
    drained = stopListening(app, drainMs);
    // The close's own time limit counts from the end of the drain.
    setTimeout(close, drainMs).unref();
    void drained.then(close);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  // A burst of connections waits in the kernel's accept queue while a render holds the event
  // loop; past Node's default of 511 the kernel drops them and resets them a minute later
  // (decision 028). The kernel caps it at net.core.somaxconn.
  try {
    const address = await app.listen({ host: config.HOST, port: config.PORT, backlog: 4096 });
    const summary = startupSummary(config, address);
    app.log.info({ startup: summary }, startupMessage(summary));
  } catch (error) {
    throw listenProblem(error, config.HOST, config.PORT) ?? error;
  }
}

async function main() {
  loadDotEnv();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    await start(config);
  } catch (error) {
    if (error instanceof StartupError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
