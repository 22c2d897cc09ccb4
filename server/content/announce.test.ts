import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import { freePort } from "../../tests/support/server-process.ts";
import { contentChangeChannel } from "../content-changes.ts";
import { announceContentChange } from "./announce.ts";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

describe("announceContentChange (after a content command)", () => {
  const closers: (() => void)[] = [];
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });

  it("publishes on the content-change channel that every app server subscribes to", async () => {
    const subscriber = new Redis(redisUrl);
    closers.push(() => subscriber.disconnect());
    const heard = new Promise<string>((resolve) =>
      subscriber.on("message", (channel: string) => resolve(channel)),
    );
    await subscriber.subscribe(contentChangeChannel);

    const warnings: string[] = [];
    await announceContentChange(loadConfig({ REDIS_URL: redisUrl }), (text) => warnings.push(text));

    expect(await heard).toBe(contentChangeChannel);
    expect(warnings).toEqual([]);
  });

  it("only warns when Redis cannot be reached: the change is saved already", async () => {
    const closedPort = await freePort();
    const warnings: string[] = [];
    await announceContentChange(
      loadConfig({ REDIS_URL: `redis://127.0.0.1:${closedPort}` }),
      (text) => warnings.push(text),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/the change is saved, but running servers could not be told/);
  });
});
