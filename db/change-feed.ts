/**
 * PostgreSQL's word that content changed, heard on a connection of its own: migration 0005's
 * triggers notify the channel below on every committed write to a content table, whichever
 * process or tool made it. An app server follows it to drop cached reads at once instead of
 * asking the database on every read whether anything changed (db/read-cache.ts).
 *
 * A notification that is never heard would leave a cache stale, so the feed only says it is
 * listening after a probe, sent through the application's own connections (a pooler between
 * them and the database included), has come back on the listening one; the probe repeats
 * while it listens. A lost connection or an unanswered probe ends the listening until a new
 * connection has been probed, and is followed by `onChange`, since changes may have been
 * missed in between.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

/** The channel migration 0005's triggers notify, with the changed table's name as payload. */
export const contentChangeChannel = "homes_content_changed";

const probePrefix = "probe:";

export interface ChangeFeedOptions {
  /** The database's URL; the feed holds one connection of its own. */
  url: string;
  /** Sends `payload` on the channel through the connections the application reads with. */
  notify(payload: string): Promise<void>;
  /** Content may have changed: a notification, or listening again after a loss. */
  onChange(): void;
  /** The feed started (true) or stopped (false) hearing every committed change. */
  onListening(listening: boolean): void;
  log: { warn(message: string): void };
  /** Milliseconds between probes while listening (default 30 s). */
  probeEveryMs?: number;
  /** Milliseconds a probe may take to come back (default 5 s). */
  probeTimeoutMs?: number;
  /** The longest wait between two attempts to connect (default 10 s). */
  maxRetryMs?: number;
}

export interface ChangeFeed {
  /**
   * Resolves once every change committed before the call has been heard (PostgreSQL delivers
   * notifications in commit order, so a probe sent now comes back after them); at once when
   * not listening, since reads then ask the database itself.
   */
  caughtUp(): Promise<void>;
  /** Whether it hears every committed change now (a probe came back, no loss since). */
  listening(): boolean;
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

/** Starts following content changes; it connects (and reconnects) in the background. */
export function startChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { probeEveryMs = 30_000, probeTimeoutMs = 5_000, maxRetryMs = 10_000 } = options;
  let closed = false;
  let client: pg.Client | undefined;
  let listening = false;
  let failures = 0;
  let probing: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const probesInFlight = new Map<string, () => void>();

  function setListening(value: boolean) {
    if (listening === value) return;
    listening = value;
    options.onListening(value);
  }

  /** Resolves once a fresh probe has come back on the listening connection. */
  function probe(): Promise<void> {
    const payload = `${probePrefix}${randomBytes(8).toString("hex")}`;
    return new Promise<void>((resolve, reject) => {
      const done = (error?: unknown) => {
        clearTimeout(timer);
        probesInFlight.delete(payload);
        if (error === undefined) resolve();
        else reject(error);
      };
      const timer = setTimeout(
        () => done(new Error(`a probe did not come back within ${probeTimeoutMs} ms`)),
        probeTimeoutMs,
      );
      probesInFlight.set(payload, () => done());
      options.notify(payload).catch(done);
    });
  }

  function lost(which: pg.Client, error: unknown) {
    if (which !== client) return; // an earlier connection, already replaced
    client = undefined;
    clearInterval(probing);
    setListening(false);
    which.end().catch(() => {});
    if (closed) return;
    // Once per outage: a database that stays away would otherwise log every few seconds.
    if (failures === 0) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn(`content changes: not hearing PostgreSQL's notifications: ${reason}`);
    }
    failures++;
    retry = setTimeout(connect, Math.min(maxRetryMs, 250 * 2 ** failures));
    retry.unref();
  }

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client = next;
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("the connection closed")));
    next.on("notification", (message) => {
      if (message.channel !== contentChangeChannel) return;
      const payload = message.payload ?? "";
      if (payload.startsWith(probePrefix)) probesInFlight.get(payload)?.();
      else options.onChange();
    });
    try {
      await next.connect();
      await next.query(`listen ${contentChangeChannel}`);
      await probe();
    } catch (error) {
      lost(next, error);
      return;
    }
    if (client !== next) return;
    failures = 0;
    setListening(true);
    options.onChange();
    probing = setInterval(() => probe().catch((error: unknown) => lost(next, error)), probeEveryMs);
    probing.unref();
  }

  void connect();
  return {
    listening: () => listening,
    async caughtUp() {
      const listeningOn = client;
      if (!listening || listeningOn === undefined) return;
      await probe().catch((error: unknown) => lost(listeningOn, error));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(probing);
      setListening(false);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
