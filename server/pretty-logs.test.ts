import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { prettyLogStream } from "./pretty-logs.ts";

describe("pretty log lines (stdout a terminal)", () => {
  it("print a request as one readable line with its id, not JSON", async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    const app = Fastify({
      logger: { stream: await prettyLogStream(destination) },
      genReqId: () => "req-42",
    });
    app.get("/hello", async () => "hi");
    await app.inject({ url: "/hello?x=1" });
    app.log.info({ startup: { database: "sqlite" } }, "started: database sqlite");
    await app.close();

    expect(lines.some((line) => line.startsWith("{"))).toBe(false);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[req-42\] incoming request GET \/hello\?x=1$/,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/INFO: \[req-42\] request completed 200 [\d.]+ms$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/INFO: started: database sqlite$/));
  });
});
