/**
 * Steps of docs/deployment.md an operator runs by hand on the database machine work as written
 * (issue 29, item 7): the block that creates the servers' PostgreSQL role and database (run as
 * root through `runuser -u postgres`, with a role name of the test's own), and the backup script
 * the guide runs with the servers' variables, whose dump restores every row. Needs PostgreSQL on
 * this machine, root, and Debian's `postgres` user, as on the guide's database machine.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  postgresEnabled,
  type TestDatabase,
  testPostgresUrl,
} from "../tests/support/test-database.ts";

const guide = readFileSync(new URL("deployment.md", import.meta.url), "utf8");
const backupScript = new URL("../scripts/backup-postgres.sh", import.meta.url).pathname;

/** The guide's fenced `sh` block that holds `marker`. */
function shBlockWith(marker: string): string {
  const block = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1] as string)
    .find((text) => text.includes(marker));
  if (block === undefined) throw new Error(`no sh block with ${marker} in docs/deployment.md`);
  return block;
}

const local = new URL(testPostgresUrl);
const onThisMachinesCluster =
  postgresEnabled &&
  ["127.0.0.1", "localhost"].includes(local.hostname) &&
  (local.port || "5432") === "5432" &&
  process.getuid?.() === 0 &&
  spawnSync("id", ["-u", "postgres"]).status === 0;

describe.runIf(onThisMachinesCluster)("the guide's PostgreSQL steps, as root", () => {
  const role = `homes_doc_${randomBytes(3).toString("hex")}`;
  afterAll(() => {
    for (const statement of [
      `DROP DATABASE IF EXISTS ${role} WITH (FORCE)`,
      `DROP ROLE IF EXISTS ${role}`,
    ]) {
      execFileSync("runuser", ["-u", "postgres", "--", "psql", "-qc", statement]);
    }
  });

  it("creates a role that owns its database, and prints the URL the servers then connect with", async () => {
    // The block as written, with the test's own name for the role and the database.
    const block = shBlockWith("CREATE ROLE homes").replaceAll(/\bhomes\b/g, role);
    const printed = execFileSync("sh", ["-euc", block], { encoding: "utf8" });
    const lines = printed.trim().split("\n");
    expect(lines[0]).toBe(role);
    const url = /^DATABASE_URL=(postgres:\/\/\S+)$/.exec(lines.at(-1) ?? "")?.[1];
    expect(url).toBeDefined();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ owner: string; user: string }>(
        "select pg_get_userbyid(datdba) as owner, current_user as user from pg_database where datname = current_database()",
      );
      expect(rows[0]).toEqual({ owner: role, user: role });
      // The owner may install the trusted extension the listings table's search uses.
      await client.query("create extension if not exists pg_trgm");
    } finally {
      await client.end();
    }
  });
});

describe.runIf(postgresEnabled)("the guide's backup script", () => {
  let source: TestDatabase | undefined;
  let restored: TestDatabase | undefined;
  const folder = mkdtempSync(join(tmpdir(), "homes-backup-"));
  afterAll(async () => {
    await source?.drop();
    await restored?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("dumps the database and copies the images with the servers' variables, and the dump restores every row", async () => {
    source = await createTestDatabase("postgres", { seed: true });
    const images = mkdtempSync(join(tmpdir(), "homes-backup-images-"));
    writeFileSync(join(images, "photo.webp"), "an image");
    const target = join(folder, "backups");
    execFileSync(backupScript, [target], {
      env: { PATH: process.env.PATH ?? "", DATABASE_URL: source.url, IMAGE_DIR: images },
      encoding: "utf8",
    });
    const dump = readdirSync(target).find((name) => /^homes-\d{4}-\d{2}-\d{2}\.dump$/.test(name));
    expect(dump).toBeDefined();
    expect(existsSync(join(target, "images", "photo.webp"))).toBe(true);

    restored = await createTestDatabase("postgres", { empty: true });
    await restored.handle.close();
    execFileSync("pg_restore", ["--no-owner", `--dbname=${restored.url}`, join(target, dump!)]);
    const count = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>("select count(*) from property");
        return Number(rows[0]?.count);
      } finally {
        await client.end();
      }
    };
    expect(await count(restored.url)).toBe(await count(source.url));
    expect(await count(source.url)).toBeGreaterThan(0);
    rmSync(images, { recursive: true, force: true });
  });

  it("refuses to run without the servers' variables", () => {
    const run = spawnSync(backupScript, [join(folder, "nothing")], {
      env: { PATH: process.env.PATH ?? "" },
      encoding: "utf8",
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("DATABASE_URL is not set");
  });
});

/**
 * The guide's `systemd-run` lines (setting up the owner, imports, backups, a rollback's export)
 * need systemd as the machine's init to run; where it is installed, each line is held to what
 * systemd-run takes: only options it lists, and properties a service unit accepts (checked by
 * `systemd-analyze verify` on a unit holding them).
 */
describe.runIf(spawnSync("systemd-run", ["--help"]).status === 0)(
  "the guide's systemd-run lines",
  () => {
    const lines = [...guide.matchAll(/systemd-run((?:[^\n]*\\\n)*[^\n]*)/g)]
      .map((match) => (match[1] as string).replaceAll("\\\n", " "))
      .filter((line) => line.trim().startsWith("-"));
    /** The options before the command (the first word that is not an option). */
    const optionsOf = (line: string) => {
      const words = line.trim().split(/\s+/);
      return words.slice(
        0,
        words.findIndex((word) => !word.startsWith("-")),
      );
    };

    it("use only options systemd-run has", () => {
      expect(lines.length).toBeGreaterThanOrEqual(4);
      const help = execFileSync("systemd-run", ["--help"], { encoding: "utf8" });
      for (const line of lines) {
        expect(optionsOf(line).length, line).toBeGreaterThan(0);
        for (const option of optionsOf(line)) {
          expect(help, `systemd-run ${line}`).toContain(` ${option.split("=")[0]}`);
        }
      }
    });

    it.runIf(spawnSync("systemd-analyze", ["--version"]).status === 0)(
      "set properties a service unit accepts",
      () => {
        const folder = mkdtempSync(join(tmpdir(), "homes-systemd-run-"));
        try {
          const properties = lines.flatMap((line) =>
            optionsOf(line).flatMap((option) =>
              option.startsWith("--property=") ? [option.slice("--property=".length)] : [],
            ),
          );
          expect(properties.length).toBeGreaterThan(0);
          const environment = join(folder, "homes.env");
          writeFileSync(environment, "DATABASE_URL=postgres://homes@127.0.0.1/homes\n");
          const unit = join(folder, "guide-run.service");
          writeFileSync(
            unit,
            `[Service]\nExecStart=/bin/true\n${properties
              .map((property) => property.replace("/etc/homes.env", environment))
              .join("\n")}\n`,
          );
          const verify = spawnSync("systemd-analyze", ["verify", unit], { encoding: "utf8" });
          expect(verify.stderr.trim()).toBe("");
          expect(verify.status).toBe(0);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
    );
  },
);
