/**
 * `npm run drill` (after `npm run build`): the operator's drill of issue 29. Two app servers on
 * one PostgreSQL database and one Redis, behind the deployment guide's nginx block (its proxy
 * cache included), mailing through an SMTP server, with a catalogue of 2,000 listings (the demo
 * content, then the demo generator's), take the issue's mixed load while one fault after another
 * strikes:
 *
 *   steady · kill -9 of one server · PostgreSQL away 8 s · Redis away 5 s ·
 *   a graceful restart of the other · the SMTP server refusing with 451
 *
 * The load: visitors reading pages spread over the whole catalogue, sending enquiries (§7's
 * API) and signing up for search alerts (the /search form, its puzzle answered); members of
 * staff, signed in, saving listings in the back office's editor through its real form. Then
 * every fault is lifted, the outbox is given time to drain, and the drill prints the client
 * errors by phase and kind, and the counts table: for each kind of write, sent, acknowledged,
 * stored, mailed or audited once, duplicated, lost. It exits 1 when anything acknowledged was
 * lost or duplicated. PostgreSQL and Redis are reached through TCP proxies the drill cuts
 * (tests/support/tcp-proxy.ts), never stopped themselves.
 *
 * Options: --phase-seconds N (12; 50 gives the issue's 300 s), --listings N (2000),
 * --clients N (6 visitors), --staff N (2), --postgres URL (a server where the drill may CREATE
 * and DROP a database; default postgres://postgres@127.0.0.1:5432/postgres),
 * --redis URL (redis://127.0.0.1:6379).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort, type ServerProcess, spawnServer } from "../tests/support/server-process.ts";
import { startTcpProxy } from "../tests/support/tcp-proxy.ts";
import { hasNginx, startBenchNginx } from "./bench-nginx.ts";
import { buildCatalogue } from "./drill/catalogue.ts";
import {
  followAlerts,
  followEnquiries,
  followSaves,
  lostOrDuplicated,
  pendingMails,
} from "./drill/follow.ts";
import { startMailSink } from "./drill/mail-sink.ts";
import { StaffMember } from "./drill/staff.ts";
import { type SaveLedger, staffClient } from "./drill/staff-saves.ts";
import { printFollowed, Tally } from "./drill/tally.ts";
import { type VisitorLedgers, visitor } from "./drill/visitors.ts";

const { values } = parseArgs({
  options: {
    "phase-seconds": { type: "string", default: "12" },
    listings: { type: "string", default: "2000" },
    clients: { type: "string", default: "6" },
    staff: { type: "string", default: "2" },
    postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    redis: { type: "string", default: "redis://127.0.0.1:6379" },
  },
});
const phaseMs = Number(values["phase-seconds"]) * 1000;
const clients = Number(values.clients);
const staffCount = Number(values.staff);
const token = randomBytes(24).toString("hex");

if (!hasNginx()) {
  console.error("The drill needs nginx (Debian: apt-get install nginx).");
  process.exit(2);
}

// --- the database, behind a proxy the drill cuts --------------------------------------------
const admin = new URL(values.postgres);
const databaseName = `homes_drill_${randomBytes(4).toString("hex")}`;
async function onAdmin(statement: string) {
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
await onAdmin(`CREATE DATABASE "${databaseName}" TEMPLATE template0`);
const postgresProxy = await startTcpProxy({
  host: admin.hostname,
  port: Number(admin.port || 5432),
});
const databaseUrl = new URL(admin);
databaseUrl.host = `127.0.0.1:${postgresProxy.port}`;
databaseUrl.pathname = `/${databaseName}`;
const directDatabaseUrl = new URL(admin);
directDatabaseUrl.pathname = `/${databaseName}`;

const redis = new URL(values.redis);
const redisProxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });

const mail = await startMailSink();

// --- the catalogue, two app servers and the guide's nginx -------------------------------------
// The demo images and their derivatives, as `npm start` and the end-to-end tests keep them:
// made once (slow), then reused.
const imageDir = "./data/images";
const catalogue = await buildCatalogue(
  directDatabaseUrl.toString(),
  imageDir,
  Number(values.listings),
);
const ports = [await freePort(), await freePort()] as const;
const siteUrl = "http://127.0.0.1";
const serverEnv = {
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
  SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
  API_TOKEN: token,
  IMAGE_DIR: imageDir,
  SEED_DEMO_CONTENT: "true",
  SITE_URL: siteUrl,
  CONTACT_RATE_LIMIT: "off",
  PAGE_CACHE_TTL: "2",
  LOG_LEVEL: "error",
  // The production default: a stopping server drains its open connections first (decision 091).
  SHUTDOWN_DRAIN_MS: "5000",
};
const servers: ServerProcess[] = [];
async function startServer(index: 0 | 1): Promise<ServerProcess> {
  const server = spawnServer(ports[index], serverEnv);
  servers[index] = server;
  await server.ready(240_000);
  return server;
}
await Promise.all([startServer(0), startServer(1)]);

// The guide's block with its two upstream lines, each keeping the guide's parameters.
const nginxFolder = mkdtempSync(join(tmpdir(), "homes-drill-nginx-"));
const nginx = await startBenchNginx({
  folder: nginxFolder,
  upstream: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
  page: { path: "/drill-nginx-up", body: Buffer.from("up") },
  ports: { proxy: await freePort(), redirect: await freePort(), static: await freePort() },
});
const base = nginx.proxyBase;
const staff = await Promise.all(
  Array.from({ length: staffCount }, () =>
    StaffMember.add(base, directDatabaseUrl.toString(), siteUrl),
  ),
);

// --- the load --------------------------------------------------------------------------------
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
const tally = new Tally();
const visitorLedgers: VisitorLedgers = {
  enquiries: new Set(),
  alerts: new Set(),
  enquiriesPosted: 0,
  alertsPosted: 0,
};
const saveLedger: SaveLedger = { posted: new Map(), acknowledged: new Map() };
let running = true;

async function during(name: string, fault: () => Promise<void>) {
  tally.phase = name;
  const started = Date.now();
  await fault();
  await wait(Math.max(0, phaseMs - (Date.now() - started)));
}

console.log(
  `drill: ${catalogue.listings} listings (${catalogue.pagePaths.length} pages), ` +
    `${clients} visitors, ${staffCount} staff, ${phaseMs / 1000} s a phase`,
);
const load = Promise.all([
  ...Array.from({ length: clients }, (_, id) =>
    visitor(id + 1, {
      base,
      token,
      pagePaths: catalogue.pagePaths,
      alertQueries: catalogue.alertQueries,
      tally,
      ledgers: visitorLedgers,
      running: () => running,
    }),
  ),
  ...staff.map((member, id) =>
    staffClient(id + 1, member, {
      pool: catalogue.savePool,
      tally,
      ledger: saveLedger,
      running: () => running,
    }),
  ),
]);
await during("steady", async () => {});
await during("kill -9 one server", async () => {
  await servers[0]?.stop("SIGKILL");
  await wait(3000);
  await startServer(0);
});
await during("PostgreSQL away 8 s", async () => {
  await postgresProxy.cut();
  await wait(8000);
  await postgresProxy.restore();
});
await during("Redis away 5 s", async () => {
  await redisProxy.cut();
  await wait(5000);
  await redisProxy.restore();
});
await during("graceful restart", async () => {
  await servers[1]?.stop("SIGTERM");
  await startServer(1);
});
await during("SMTP refusing (451)", async () => {
  mail.refusing = true;
  await wait(phaseMs);
  mail.refusing = false;
});
tally.phase = "after";
running = false;
await load;

// --- the outbox drains; then the counts ------------------------------------------------------
const database = new pg.Client({ connectionString: directDatabaseUrl.toString() });
await database.connect();
const drainUntil = Date.now() + 180_000;
while ((await pendingMails(database)) > 0 && Date.now() < drainUntil) await wait(1000);
const followed = {
  enquiries: await followEnquiries(
    database,
    { posted: visitorLedgers.enquiriesPosted, acknowledged: visitorLedgers.enquiries },
    mail,
  ),
  "alert sign-ups": await followAlerts(
    database,
    { posted: visitorLedgers.alertsPosted, acknowledged: visitorLedgers.alerts },
    mail,
  ),
  "staff saves": await followSaves(database, saveLedger),
};
const recorded = await database
  .query<{ kind: string; attempts: string; resends: string }>(
    "select kind, sum(attempts) as attempts, sum(resends) as resends from outbox group by kind order by kind",
  )
  .then((result) => result.rows);
const stillPending = await pendingMails(database);
await database.end();

tally.print();
printFollowed(followed);
console.log("\nthe outbox's own record, by kind of mail");
console.table(
  Object.fromEntries(
    recorded.map((row) => [
      row.kind,
      { "send attempts": Number(row.attempts), "resends recorded": Number(row.resends) },
    ]),
  ),
);
if (stillPending > 0) console.log(`${stillPending} mails were still pending after 180 s.`);
if (catalogue.savePool.length === 0) {
  console.log("Every listing was saved once: the staff stopped early (use more --listings).");
}

// What nginx said about the upstreams (its warnings about buffering large pages left out),
// by message: where a 502 or a retried request came from.
const nginxSaid = new Map<string, number>();
for (const line of readFileSync(join(nginxFolder, "error.log"), "utf8").split("\n")) {
  const message = /\[(?:error|crit|alert|emerg)\] \d+#\d+: \*\d+ ([^,]*)/.exec(line)?.[1];
  if (message) nginxSaid.set(message, (nginxSaid.get(message) ?? 0) + 1);
}
if (nginxSaid.size > 0) {
  console.log("\nnginx's error log, by message");
  for (const [message, times] of nginxSaid) console.log(`  ${message} ×${times}`);
}

// --- tear down -------------------------------------------------------------------------------
await nginx.stop();
await Promise.all(servers.map((server) => server.stop()));
await mail.close();
await postgresProxy.close();
await redisProxy.close();
await onAdmin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
process.exitCode = lostOrDuplicated(followed) ? 1 : 0;
