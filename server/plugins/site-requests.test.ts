/**
 * A signed-in member of staff's multipart post is held in a temporary file rather than memory
 * (decision 065): the app reads it as a file-backed body, the file goes once the answer is
 * sent, and a body past the limit leaves nothing behind. Such posts are answered one at a time.
 */
import { existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { Readable } from "node:stream";
import { setTimeout } from "node:timers/promises";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { boundSiteFormBody, spoolBounded } from "./site-requests.ts";

const spooled = () => readdirSync(tmpdir()).filter((name) => name.startsWith("homes-upload-"));
/**
 * The system's temporary folder is shared: another test's or a server's upload may come and go
 * meanwhile, and a loaded machine removes a folder in more than a second.
 */
const removal = { timeout: 10_000 };

describe("a staff upload's body", () => {
  it("is written to a temporary file, read back whole, and removed when told", async () => {
    const before = spooled();
    const body = Buffer.alloc(3 * 1024 * 1024, 9);
    let remove: (() => void) | undefined;
    const blob = await spoolBounded(
      Readable.from([body.subarray(0, 1000), body.subarray(1000)]),
      body.length,
      (done) => {
        remove = done;
      },
    );
    expect(blob).toBeInstanceOf(Blob);
    expect(Buffer.from(await (blob as Blob).arrayBuffer()).equals(body)).toBe(true);
    const [folder] = spooled().filter((name) => !before.includes(name));
    expect(folder).toBeDefined();
    remove?.();
    await expect.poll(() => existsSync(`${tmpdir()}/${folder}`), removal).toBe(false);
  });

  it("past its limit answers nothing and leaves no file", async () => {
    const before = spooled();
    const told: unknown[] = [];
    const blob = await spoolBounded(
      Readable.from([Buffer.alloc(600), Buffer.alloc(600)]),
      1000,
      (remove) => told.push(remove),
    );
    expect(blob).toBeUndefined();
    expect(told).toEqual([]);
    await expect
      .poll(() => spooled().filter((name) => !before.includes(name)), removal)
      .toEqual([]);
  });
});

describe("staff posts with files", () => {
  it("are answered one at a time, each after the one before is sent", async () => {
    const app = Fastify();
    app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    const signedIn = { session: async () => ({}) as never };
    let running = 0;
    let mostAtOnce = 0;
    app.post(
      "/admin/listings/:code/photos",
      { preValidation: boundSiteFormBody(signedIn) },
      async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await setTimeout(50);
        running -= 1;
        return "saved";
      },
    );
    const post = () =>
      app.inject({
        method: "POST",
        url: "/admin/listings/HP-1001/photos",
        headers: {
          cookie: "session=staff",
          "content-type": "multipart/form-data; boundary=x",
        },
        payload: Buffer.alloc(200_000, 1),
      });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(mostAtOnce).toBe(1);
    await app.close();
  });
});
