import { afterEach, describe, expect, it } from "vitest";
import { listAuditEvents } from "../../db/queries/audit.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database.ts";
import { createFeedConsumers, feedTokenHash } from "../feeds/consumers.ts";
import { parseTokenArgs, runFeedsCli } from "./feeds.ts";

describe("npm run feeds -- token", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function run(args: string[]) {
    database ??= await createTestDatabase("sqlite", { empty: true });
    let stdout = "";
    let stderr = "";
    const code = await runFeedsCli(args, {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      env: { DATABASE_URL: database.url, SITE_URL: "https://homes.example.com" },
    });
    return { code, stdout, stderr };
  }

  it("adds a consumer, prints its token once, and stores only the token's hash", async () => {
    const added = await run(["token", "add", "Rightmove", "partner"]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Made a feed token for Rightmove partner.");
    expect(added.stdout).toContain("https://homes.example.com/odata/");
    const token = /^([\w-]{43})$/m.exec(added.stdout)?.[1] as string;
    expect(token).toBeDefined();
    const db = (database as TestDatabase).handle.db;
    const rows = await db.selectFrom("feed_consumer").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(feedTokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const consumers = createFeedConsumers({ database: (database as TestDatabase).handle });
    expect((await consumers.authenticate(`Bearer ${token}`))?.name).toBe("Rightmove partner");

    const listed = await run(["token", "list"]);
    expect(listed.stdout).toMatch(/^Rightmove partner {2}made \S+ {2}last used \S+ {2}active\n$/);
    expect(listed.stdout).not.toContain(token);

    const again = await run(["token", "add", "Rightmove partner"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already");
  });

  it("revokes a token: it stops working, and the log records who made and revoked it", async () => {
    const added = await run(["token", "add", "Zillow"]);
    const token = /^([\w-]{43})$/m.exec(added.stdout)?.[1] as string;
    const revoked = await run(["token", "revoke", "Zillow"]);
    expect(revoked).toMatchObject({ code: 0, stdout: "Revoked the token of Zillow.\n" });
    expect((await run(["token", "revoke", "Zillow"])).stdout).toContain("revoked already");
    expect((await run(["token", "revoke", "Nobody"])).code).toBe(1);
    const consumers = createFeedConsumers({ database: (database as TestDatabase).handle });
    expect(await consumers.authenticate(`Bearer ${token}`)).toBeUndefined();
    expect((await run(["token", "list"])).stdout).toMatch(/Zillow .* revoked \S+\n$/);
    const page = await listAuditEvents(
      (database as TestDatabase).handle.db,
      { actor: "", subject: "", from: "", to: "" },
      10,
    );
    expect(page.rows.map((event) => [event.action, event.actorEmail, event.subjectId])).toEqual([
      ["feed.token-revoke", "cli", "Zillow"],
      ["feed.token-add", "cli", "Zillow"],
    ]);
  });

  it("refuses wrong arguments with exit code 2 and the usage", async () => {
    expect(parseTokenArgs(["add", "A", "B"])).toEqual({ kind: "add", name: "A B" });
    for (const args of [
      [],
      ["token"],
      ["token", "add"],
      ["token", "list", "x"],
      ["token", "drop", "x"],
      ["nope"],
      ["token", "add", "--force", "x"],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr + result.stdout).toContain("Usage: npm run feeds");
    }
    expect((await run(["--help"])).code).toBe(0);
  });
});
