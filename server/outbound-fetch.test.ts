/**
 * The outbound fetch (decision 066): addresses of this server, private networks and the cloud's
 * metadata service are refused before any connection, http is refused, a redirect is checked
 * again, and an answer too long or too slow is cut short. The tests have no internet, so the
 * happy path reaches a local https server (a self-signed certificate made with openssl) through
 * an injected policy that resolves `images.test` to 127.0.0.1 and allows that one address.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer as createHttpServer, type Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:https";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fetchOutbound,
  isPublicAddress,
  type OutboundPolicy,
  outboundUrlProblem,
  publicInternet,
} from "./outbound-fetch.ts";

const refused = [
  "127.0.0.1",
  "127.8.9.10",
  "0.0.0.0",
  "0.1.2.3",
  "10.0.0.1",
  "172.16.5.4",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "169.254.1.1",
  "100.64.0.1",
  "100.127.255.254",
  "224.0.0.1",
  "239.255.255.250",
  "240.0.0.1",
  "255.255.255.255",
  "::",
  "::1",
  "fc00::1",
  "fd00:ec2::254",
  "fe80::1",
  "ff02::1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:169.254.169.254",
  "::ffff:10.0.0.1",
  "::127.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b::10.0.0.1",
  "64:ff9b:1::c0a8:101",
  "2002:7f00:1::",
  "not an address",
];
const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.215.14",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
];

describe("isPublicAddress", () => {
  it.each(refused)("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(allowed)("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("outboundUrlProblem, the check where staff type an address", () => {
  it("accepts a public https address", () => {
    expect(outboundUrlProblem("https://cdn.example.com/plans/ground.png?v=2")).toBeUndefined();
    expect(outboundUrlProblem("https://8.8.8.8/plan.png")).toBeUndefined();
  });
  it("refuses http, a user in the address, and this server or a private network", () => {
    expect(outboundUrlProblem("http://cdn.example.com/plan.png")).toBe("must be an https address");
    expect(outboundUrlProblem("ftp://cdn.example.com/plan.png")).toBe("must be an https address");
    expect(outboundUrlProblem("https://user:pw@cdn.example.com/plan.png")).toBe(
      "must not hold a user name or password",
    );
    for (const address of [
      "https://127.0.0.1:3000/plan.png",
      "https://localhost/plan.png",
      "https://app.localhost/plan.png",
      "https://intranet/plan.png",
      "https://192.168.0.10/plan.png",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00:ec2::254]/plan.png",
      "https://[::ffff:127.0.0.1]/plan.png",
      "https://0x7f000001/plan.png",
      "https://2130706433/plan.png",
    ]) {
      expect(outboundUrlProblem(address), address).toBe(
        "must be a public address (not this server or a private network)",
      );
    }
    expect(outboundUrlProblem("not a url")).toBe("is not a valid address");
  });
});

describe("fetchOutbound", () => {
  let server: Server;
  let plain: HttpServer;
  let port: number;
  let plainPort: number;
  let certificate: string;
  const hits: string[] = [];
  const plainHits: string[] = [];

  /** images.test is 127.0.0.1, which only this test allows; every other address as in production. */
  const testPolicy = (): OutboundPolicy => ({
    async resolve(hostname) {
      if (hostname === "images.test") return [{ address: "127.0.0.1", family: 4 }];
      return publicInternet.resolve(hostname);
    },
    isAllowed: (address) => address === "127.0.0.1" || isPublicAddress(address),
    ca: certificate,
  });

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), "outbound-"));
    const key = join(folder, "key.pem");
    const cert = join(folder, "cert.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"],
        ...["-nodes", "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=images.test"],
        ...["-addext", "subjectAltName=DNS:images.test,DNS:localhost,IP:127.0.0.1,IP:127.0.0.2"],
      ],
      { stdio: "ignore" },
    );
    certificate = readFileSync(cert, "utf8");
    server = createServer({ key: readFileSync(key), cert: certificate }, (request, response) => {
      hits.push(`${request.socket.localAddress} ${request.url}`);
      const url = request.url ?? "/";
      if (url === "/plan.png") {
        response.writeHead(200, { "content-type": "image/png" });
        response.end(Buffer.alloc(500, 7));
      } else if (url === "/big-declared.png") {
        response.writeHead(200, { "content-type": "image/png", "content-length": "5000" });
        response.end(Buffer.alloc(5000));
      } else if (url === "/big-streamed.png") {
        response.writeHead(200, { "content-type": "image/png" });
        response.write(Buffer.alloc(800));
        response.write(Buffer.alloc(800));
        response.end(Buffer.alloc(800));
      } else if (url === "/slow.png") {
        response.writeHead(200, { "content-type": "image/png" });
        response.write(Buffer.alloc(10));
        // …and never ends.
      } else if (url.startsWith("/redirect?to=")) {
        response.writeHead(302, {
          location: decodeURIComponent(url.slice("/redirect?to=".length)),
        });
        response.end();
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    port = (server.address() as AddressInfo).port;
    plain = createHttpServer((request, response) => {
      plainHits.push(request.url ?? "");
      response.writeHead(200, { "content-type": "image/png" }).end("png");
    });
    await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
    plainPort = (plain.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => plain?.close(resolve));
  });

  const limits = { maxBytes: 1000 };

  it("fetches an allowed https address, connecting to the address it checked", async () => {
    // images.test has no DNS entry: only the pinned, checked address can be reached.
    const answer = await fetchOutbound(
      `https://images.test:${port}/plan.png`,
      limits,
      testPolicy(),
    );
    expect(answer).toMatchObject({ status: 200, contentType: "image/png" });
    expect(answer.body).toEqual(new Uint8Array(500).fill(7));
  });

  it("refuses loopback, private and metadata addresses, by number or by name, before connecting", async () => {
    const before = hits.length;
    for (const address of [
      `https://127.0.0.1:${port}/plan.png`,
      `https://localhost:${port}/plan.png`,
      `https://[::ffff:127.0.0.1]:${port}/plan.png`,
      "https://10.0.0.1/plan.png",
      "https://192.168.1.1/plan.png",
      "https://169.254.169.254/latest/meta-data/",
      "https://[fd00:ec2::254]/latest/meta-data/",
    ]) {
      await expect(fetchOutbound(address, limits), address).rejects.toThrow(/refused address/);
    }
    expect(hits.length).toBe(before);
  });

  it("refuses http", async () => {
    await expect(
      fetchOutbound(`http://127.0.0.1:${plainPort}/plan.png`, limits, testPolicy()),
    ).rejects.toThrow(/refused http: address/);
    expect(plainHits).toEqual([]);
  });

  it("checks a redirect's target again: loopback or http behind a redirect is refused", async () => {
    const toLoopback = `https://127.0.0.2:${port}/plan.png`;
    await expect(
      fetchOutbound(
        `https://images.test:${port}/redirect?to=${encodeURIComponent(toLoopback)}`,
        limits,
        testPolicy(),
      ),
    ).rejects.toThrow(/refused address 127\.0\.0\.2/);
    expect(hits.filter((hit) => hit.startsWith("127.0.0.2"))).toEqual([]);
    const toHttp = `http://127.0.0.1:${plainPort}/plan.png`;
    await expect(
      fetchOutbound(
        `https://images.test:${port}/redirect?to=${encodeURIComponent(toHttp)}`,
        limits,
        testPolicy(),
      ),
    ).rejects.toThrow(/refused http: address/);
    expect(plainHits).toEqual([]);
    // An allowed target is followed.
    const allowedTarget = `https://images.test:${port}/plan.png`;
    const followed = await fetchOutbound(
      `https://images.test:${port}/redirect?to=${encodeURIComponent(allowedTarget)}`,
      limits,
      testPolicy(),
    );
    expect(followed.status).toBe(200);
  });

  it("stops after a few redirects", async () => {
    let address = `https://images.test:${port}/plan.png`;
    for (let hop = 0; hop < 4; hop++) {
      address = `https://images.test:${port}/redirect?to=${encodeURIComponent(address)}`;
    }
    await expect(fetchOutbound(address, limits, testPolicy())).rejects.toThrow(
      /too many redirects/,
    );
  });

  it("refuses an answer larger than the limit, declared or streamed", async () => {
    for (const path of ["/big-declared.png", "/big-streamed.png"]) {
      await expect(
        fetchOutbound(`https://images.test:${port}${path}`, limits, testPolicy()),
      ).rejects.toThrow(/larger than 1000 bytes/);
    }
  });

  it("gives up on a server that accepts the connection but never completes TLS", async () => {
    const silent = createNetServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const started = performance.now();
      await expect(
        fetchOutbound(
          `https://images.test:${silentPort}/plan.png`,
          { ...limits, connectTimeoutMs: 300 },
          testPolicy(),
        ),
      ).rejects.toThrow(/connection timed out/);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      silent.close();
    }
  });

  it("gives up on a slow server at the time limit", async () => {
    const started = performance.now();
    await expect(
      fetchOutbound(
        `https://images.test:${port}/slow.png`,
        { ...limits, totalTimeoutMs: 300 },
        testPolicy(),
      ),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
