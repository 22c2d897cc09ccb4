/**
 * A push portal for tests (decision 095): an HTTPS server on 127.0.0.1 that demands a client
 * certificate its own throwaway CA signed (`requestCert`, `rejectUnauthorized`), records every
 * request it took, and answers each as the test says (200 unless told otherwise). The CA, the
 * server's certificate, the agency's client certificate and a stranger's (signed by another CA)
 * are made with `openssl` in a temporary folder.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";

export interface PortalRequest {
  path: string;
  body: Record<string, unknown>;
  /** The common name of the client certificate it came with. */
  client: string;
  /** The status it was answered. */
  status: number;
}

export interface TestPushPortal {
  /** The base address to set as PUSH_URL. */
  url: string;
  /** The files to set as PUSH_CLIENT_CERT, PUSH_CLIENT_KEY and PUSH_CA. */
  files: { cert: string; key: string; ca: string; strangerCert: string; strangerKey: string };
  /** Every request taken, in order. */
  received: PortalRequest[];
  /** The requests answered 2xx: what the portal now has. */
  accepted(): PortalRequest[];
  /** Answers the next requests with these statuses, one each, then 200 again. */
  answerNext(...statuses: number[]): void;
  /** Runs `hook` when a request arrives, before it is answered. */
  onRequest(hook: ((request: PortalRequest) => Promise<void>) | undefined): void;
  /** The environment that points the app at this portal. */
  env(branch?: string): Record<string, string>;
  close(): Promise<void>;
}

const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

/** Makes a CA in `dir` and answers how to sign a certificate with it. */
function makeCa(dir: string, name: string) {
  const ca = join(dir, `${name}-ca.pem`);
  const caKey = join(dir, `${name}-ca.key`);
  openssl(["req", "-x509", ...ec, "-keyout", caKey, "-out", ca, "-days", "2"], name);
  return {
    ca,
    sign(leaf: string, commonName: string, extensions?: string) {
      const key = join(dir, `${leaf}.key`);
      const csr = join(dir, `${leaf}.csr`);
      const cert = join(dir, `${leaf}.pem`);
      openssl(["req", ...ec, "-keyout", key, "-out", csr], commonName);
      const extFile = join(dir, `${leaf}.ext`);
      writeFileSync(extFile, extensions ?? "extendedKeyUsage=clientAuth\n");
      execFileSync(
        "openssl",
        [
          "x509",
          "-req",
          "-in",
          csr,
          "-CA",
          ca,
          "-CAkey",
          caKey,
          "-CAcreateserial",
          "-out",
          cert,
          "-days",
          "2",
          "-extfile",
          extFile,
        ],
        { stdio: "ignore" },
      );
      return { cert, key };
    },
  };
}

function openssl(args: string[], commonName: string) {
  execFileSync("openssl", [...args, "-subj", `/CN=${commonName}`], { stdio: "ignore" });
}

export async function startPushPortal(): Promise<TestPushPortal> {
  const dir = mkdtempSync(join(tmpdir(), "push-portal-"));
  const portalCa = makeCa(dir, "portal");
  const server = portalCa.sign(
    "server",
    "localhost",
    "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n",
  );
  const agency = portalCa.sign("agency", "Test agency");
  const stranger = makeCa(dir, "stranger").sign("stranger", "Stranger");

  const received: PortalRequest[] = [];
  const statuses: number[] = [];
  let hook: ((request: PortalRequest) => Promise<void>) | undefined;
  const https: Server = createServer(
    {
      cert: readFileSync(server.cert),
      key: readFileSync(server.key),
      ca: readFileSync(portalCa.ca),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", async () => {
        const socket = request.socket as TLSSocket;
        const status = statuses.shift() ?? 200;
        const entry: PortalRequest = {
          path: request.url ?? "",
          body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
          client: String(socket.getPeerCertificate().subject?.CN ?? ""),
          status,
        };
        received.push(entry);
        await hook?.(entry);
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(status < 300 ? { status: "OK" } : { error: "busy" }));
      });
    },
  );
  await new Promise<void>((done) => https.listen(0, "127.0.0.1", done));
  const { port } = https.address() as AddressInfo;
  const url = `https://127.0.0.1:${port}/live/v1`;
  const files = {
    cert: agency.cert,
    key: agency.key,
    ca: portalCa.ca,
    strangerCert: stranger.cert,
    strangerKey: stranger.key,
  };
  return {
    url,
    files,
    received,
    accepted: () => received.filter((request) => request.status < 300),
    answerNext: (...next) => statuses.push(...next),
    onRequest(next) {
      hook = next;
    },
    env: (branch = "BR-1") => ({
      PUSH_URL: url,
      PUSH_CLIENT_CERT: files.cert,
      PUSH_CLIENT_KEY: files.key,
      PUSH_CA: files.ca,
      PUSH_BRANCH_REFERENCE: branch,
    }),
    async close() {
      https.closeAllConnections();
      await new Promise<void>((done) => https.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
