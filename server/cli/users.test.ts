import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database.ts";
import { createStaffAccounts } from "../staff/accounts.ts";
import { createSignInThrottle } from "../staff/throttle.ts";
import { parseUsersArgs, runUsersCli } from "./users.ts";

describe("npm run users", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
  });

  async function run(args: string[]) {
    database ??= await createTestDatabase("sqlite", { empty: true });
    let stdout = "";
    let stderr = "";
    const code = await runUsersCli(args, {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      databaseUrl: database.url,
      siteUrl: "https://homes.example.com",
    });
    return { code, stdout, stderr };
  }

  it("adds the first owner and prints a one-time link that sets their password", async () => {
    const added = await run(["add", "--owner", "Boss@Example.com"]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Added owner boss@example.com.");
    const link = /https:\/\/homes\.example\.com\/admin\/set-password\/([\w-]{43})/.exec(
      added.stdout,
    );
    expect(link).not.toBeNull();
    const accounts = createStaffAccounts({
      database: (database as TestDatabase).handle,
      throttle: createSignInThrottle(),
      siteUrl: "https://homes.example.com",
      scryptCost: { logN: 10, r: 8, p: 1 },
    });
    expect(await accounts.service.findSetPasswordLink(link?.[1] as string)).toEqual({
      email: "boss@example.com",
    });
    expect((await run(["list"])).stdout).toBe("boss@example.com  Owner  invited\n");
  });

  it("refuses a second account of one address, and a bad address", async () => {
    await run(["add", "--agent", "agent@example.com"]);
    const again = await run(["add", "--owner", "AGENT@example.com"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("There is already an account with this e-mail address.");
    const bad = await run(["add", "--owner", "not-an-address"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("Enter an e-mail address such as name@example.com.");
  });

  it("issues a new link for an account, which replaces the old one", async () => {
    const first = await run(["add", "--agent", "forgetful@example.com"]);
    const second = await run(["link", "forgetful@example.com"]);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("/admin/set-password/");
    expect(second.stdout).not.toBe(first.stdout);
    const missing = await run(["link", "nobody@example.com"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      "there is no account with the e-mail address nobody@example.com",
    );
  });

  it("answers bad arguments with the usage and exit code 2", async () => {
    expect(() => parseUsersArgs(["add", "boss@example.com"])).toThrow("--owner or --agent");
    expect(() => parseUsersArgs(["add", "--owner"])).toThrow("needs an e-mail address");
    expect(() => parseUsersArgs(["remove"])).toThrow("Unknown command 'remove'");
    const answer = await run(["add"]);
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain("Usage:");
    expect((await run(["--help"])).stdout).toContain("add --owner <email>");
  });
});
