/**
 * `npm run drill` (after `npm run build`): the operator's drill of issue 29, bounded. Two app
 * servers on one PostgreSQL database and one Redis, behind the deployment guide's nginx block
 * (its proxy cache included), mailing through an SMTP server, take pages and enquiries from
 * several clients while one fault after another strikes:
 *
 *   steady · kill -9 of one server · PostgreSQL away 8 s · Redis away 5 s ·
 *   a graceful restart of the other · the SMTP server refusing with 451
 *
 * Then every fault is lifted, the outbox is given time to drain, and the drill prints, per
 * phase, the client errors (5xx and failed connections; an enquiry refused with 503 is counted
 * apart), and for the enquiries: sent, acknowledged, stored, mailed, mailed twice, lost. It
 * exits 1 when an acknowledged enquiry was lost. PostgreSQL and Redis are reached through TCP
 * proxies the drill cuts (tests/support/tcp-proxy.ts), never stopped themselves.
 *
 * Options: --phase-seconds N (12), --clients N (6), --postgres URL (a server where the drill may
 * CREATE and DROP a database; default postgres://postgres@127.0.0.1:5432/postgres),
 * --redis URL (redis://127.0.0.1:6379).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { buildContactEnquiry } from "../tests/support/factories.ts";
import {
  freePort,
  postEnquiry,
  type ServerProcess,
  spawnServer,
} from "../tests/support/server-process.ts";
import { startTcpProxy } from "../tests/support/tcp-proxy.ts";
import { hasNginx, startBenchNginx } from "./bench-nginx.ts";

const { values } = parseArgs({
  options: {
    "phase-seconds": { type: "string", default: "12" },
    clients: { type: "string", default: "6" },
    postgres: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    redis: { type: "string", default: "redis://127.0.0.1:6379" },
  },
});
const phaseMs = Number(values["phase-seconds"]) * 1000;
const clients = Number(values.clients);
const token = randomBytes(24).toString("hex");

if (!hasNginx()) {
  console.error("The drill needs nginx (Debian: apt-get install nginx).");
  process.exit(2);
}

/** What the clients saw in one phase. */
interface PhaseCounts {
  pages: number;
  pageErrors: number;
  enquiriesSent: number;
  acknowledged: number;
  refused: number;
  enquiryErrors: number;
  /** Every error and refusal by its status ("fetch failed" for no answer). */
  kinds: Map<string, number>;
}
const phases = new Map<string, PhaseCounts>();
let phase = "steady";
const countsOf = (name: string) => {
  let counts = phases.get(name);
  if (!counts) {
    counts = {
      pages: 0,
      pageErrors: 0,
      enquiriesSent: 0,
      acknowledged: 0,
      refused: 0,
      enquiryErrors: 0,
      kinds: new Map(),
    };
    phases.set(name, counts);
  }
  return counts;
};
/** The e-mail address of each acknowledged enquiry: how the database and the mails name it. */
const acknowledged = new Set<string>();

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

// --- the SMTP server, which can refuse for a while -------------------------------------------
let smtpRefusing = false;
const mailed = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, done) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      if (smtpRefusing) {
        done(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        return;
      }
      const raw = Buffer.concat(chunks)
        .toString("utf8")
        .replace(/=\r?\n/g, "");
      for (const address of raw.match(/drill-[0-9a-f]+-\d+@example\.com/g) ?? []) {
        mailed.set(address, (mailed.get(address) ?? 0) + 1);
        break;
      }
      done();
    });
  },
});
const smtpPort = await freePort();
await new Promise<void>((listening) => smtp.listen(smtpPort, "127.0.0.1", listening));

// --- two app servers and the guide's nginx ---------------------------------------------------
// The demo images and their derivatives, as `npm start` and the end-to-end tests keep them:
// made once (slow), then reused.
const imageDir = "./data/images";
const ports = [await freePort(), await freePort()] as const;
const serverEnv = {
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  API_TOKEN: token,
  IMAGE_DIR: imageDir,
  SEED_DEMO_CONTENT: "true",
  SITE_URL: "http://127.0.0.1",
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
await startServer(0); // migrates and seeds
await startServer(1);

// The guide's block with its two upstream lines, each keeping the guide's parameters.
const nginx = await startBenchNginx({
  folder: mkdtempSync(join(tmpdir(), "homes-drill-nginx-")),
  upstream: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`],
  page: { path: "/drill-nginx-up", body: Buffer.from("up") },
  ports: { proxy: await freePort(), redirect: await freePort(), static: await freePort() },
});
const base = nginx.proxyBase;

// The pages the clients ask for: the home page, list pages and every property.
const catalogue = (
  (await (
    await fetch(`${base}/api/property/display/all`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { data: Array<{ slug?: string }> }
).data;
const pagePaths = [
  "/",
  "/property",
  "/search?status=For+Rent",
  ...catalogue.flatMap((property) => (property.slug ? [`/property/${property.slug}`] : [])),
];

// --- the clients -----------------------------------------------------------------------------
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));
const noteKind = (counts: PhaseCounts, what: string, kind: string) =>
  counts.kinds.set(`${what} ${kind}`, (counts.kinds.get(`${what} ${kind}`) ?? 0) + 1);
let running = true;
let sequence = 0;
async function client(id: number) {
  while (running) {
    // A visitor's pace, not a flood: a failed request is not retried at once either.
    await wait(25);
    const counts = countsOf(phase);
    if (Math.random() < 0.25) {
      sequence += 1;
      const email = `drill-${id.toString(16)}0-${sequence}@example.com`;
      counts.enquiriesSent += 1;
      try {
        const response = await postEnquiry(base, token, buildContactEnquiry({ email }), {
          timeoutMs: 20_000,
        });
        if (response.status === 200) {
          counts.acknowledged += 1;
          acknowledged.add(email);
        } else {
          if (response.status === 503 || response.status === 429) counts.refused += 1;
          else counts.enquiryErrors += 1;
          noteKind(counts, "enquiry", String(response.status));
        }
        await response.arrayBuffer();
      } catch {
        counts.enquiryErrors += 1;
        noteKind(counts, "enquiry", "no answer");
      }
    } else {
      const path = pagePaths[Math.floor(Math.random() * pagePaths.length)] ?? "/";
      counts.pages += 1;
      try {
        const response = await fetch(`${base}${path}`, {
          redirect: "manual",
          signal: AbortSignal.timeout(20_000),
        });
        await response.arrayBuffer();
        if (response.status >= 500) {
          counts.pageErrors += 1;
          noteKind(counts, "page", String(response.status));
        }
      } catch {
        counts.pageErrors += 1;
        noteKind(counts, "page", "no answer");
      }
    }
  }
}

async function during(name: string, fault: () => Promise<void>) {
  phase = name;
  const started = Date.now();
  await fault();
  await wait(Math.max(0, phaseMs - (Date.now() - started)));
}

console.log(`drill: ${clients} clients, ${phaseMs / 1000} s a phase, ${pagePaths.length} pages`);
const load = Promise.all(Array.from({ length: clients }, (_, id) => client(id + 1)));
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
  smtpRefusing = true;
  await wait(phaseMs);
  smtpRefusing = false;
});
phase = "after";
running = false;
await load;

// --- the outbox drains; then the counts ------------------------------------------------------
const database = new pg.Client({ connectionString: directDatabaseUrl.toString() });
await database.connect();
const pendingMails = async () =>
  Number(
    (
      await database.query<{ count: string }>(
        "select count(*) from outbox where kind = 'enquiry' and status = 'pending'",
      )
    ).rows[0]?.count,
  );
const drainUntil = Date.now() + 180_000;
while ((await pendingMails()) > 0 && Date.now() < drainUntil) await wait(1000);
const storedRows = await database.query<{ email: string }>(
  "select email from enquiry where email like 'drill-%'",
);
const stored = new Set(storedRows.rows.map((row) => row.email));
const recorded = await database
  .query<{ attempts: string; resends: string }>(
    "select coalesce(sum(attempts), 0) as attempts, coalesce(sum(resends), 0) as resends from outbox where kind = 'enquiry'",
  )
  .then((result) => result.rows[0]);
await database.end();

const lost = [...acknowledged].filter((email) => !stored.has(email) || !mailed.has(email));
const twice = [...mailed.values()].filter((times) => times > 1).length;

console.log("\nclient errors by phase (through the guide's nginx)");
console.table(
  Object.fromEntries(
    [...phases].map(([name, counts]) => [
      name,
      {
        pages: counts.pages,
        "page errors": counts.pageErrors,
        enquiries: counts.enquiriesSent,
        acknowledged: counts.acknowledged,
        "refused (503/429)": counts.refused,
        "enquiry errors": counts.enquiryErrors,
        "what they were": [...counts.kinds].map(([kind, times]) => `${kind} ×${times}`).join(", "),
      },
    ]),
  ),
);
console.log("\nenquiries");
console.table({
  total: {
    sent: [...phases.values()].reduce((sum, counts) => sum + counts.enquiriesSent, 0),
    acknowledged: acknowledged.size,
    stored: [...acknowledged].filter((email) => stored.has(email)).length,
    "stored, not acknowledged": [...stored].filter((email) => !acknowledged.has(email)).length,
    mailed: [...acknowledged].filter((email) => mailed.has(email)).length,
    "mailed twice": twice,
    lost: lost.length,
    "send attempts recorded": Number(recorded?.attempts),
    "resends recorded": Number(recorded?.resends),
  },
});

// --- tear down -------------------------------------------------------------------------------
await nginx.stop();
await Promise.all(servers.map((server) => server.stop()));
await new Promise<void>((closed) => smtp.close(() => closed()));
await postgresProxy.close();
await redisProxy.close();
await onAdmin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
process.exitCode = lost.length > 0 ? 1 : 0;
