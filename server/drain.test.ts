/**
 * Drain before stop (decision 091): a draining server is not ready and closes each connection
 * after its answer; stopping to listen still answers a connection opened just before, then
 * closes the idle ones.
 * The whole rolling restart behind nginx is docs/rolling-restart.test.ts.
 */
import { once } from "node:events";
import { Agent, get } from "node:http";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../tests/support/app.ts";
import { stopListening } from "./drain.ts";

let test: TestApp | undefined;
afterEach(async () => {
  await test?.close();
  test = undefined;
});

/** One GET over `agent`; answers the status and the Connection header. */
function getOver(agent: Agent, url: string): Promise<{ status: number; connection?: string }> {
  return new Promise((done, fail) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () =>
        done({ status: response.statusCode ?? 0, connection: response.headers.connection }),
      );
    }).on("error", fail);
  });
}

describe("the drain", () => {
  it("turns readiness off and closes every connection after its answer, the requests still served", async () => {
    test = await createTestApp("sqlite");
    const { app } = test;
    const before = await app.inject({ url: "/readyz" });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).toBe("keep-alive");

    app.drain.begin();
    const readiness = await app.inject({ url: "/readyz" });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({
      status: "draining",
      message: "The server is shutting down.",
    });
    expect(readiness.headers.connection).toBe("close");
    for (const url of ["/healthz", "/api/company/profile"]) {
      const answer = await app.inject({ url, headers: { authorization: "Bearer test-token" } });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers.connection, url).toBe("close");
    }
  });

  it("stops listening, answers a request just arriving, then closes the idle connections", async () => {
    test = await createTestApp("sqlite");
    const { app } = test;
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = new URL(address);
    const agent = new Agent({ keepAlive: true });
    // A kept-alive connection left idle, as a proxy's pool holds them.
    expect(await getOver(agent, `${address}/healthz`)).toEqual({
      status: 200,
      connection: "keep-alive",
    });
    expect(agent.freeSockets).not.toEqual({});
    // A connection opened just before the close, its request not read yet.
    const late = connect(Number(port), "127.0.0.1");
    await once(late, "connect");
    let lateAnswer = "";
    late.on("data", (chunk: Buffer) => {
      lateAnswer += chunk.toString();
    });

    const stopped = stopListening(app, 1000);
    await expect(getOver(new Agent(), `${address}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
    late.write("GET /healthz HTTP/1.1\r\nHost: homes\r\n\r\n");
    await once(late, "end");
    expect(lateAnswer).toMatch(/^HTTP\/1\.1 200 /);
    await stopped;
    await new Promise((wait) => setTimeout(wait, 50));
    expect(agent.freeSockets).toEqual({});
    agent.destroy();
  });
});
