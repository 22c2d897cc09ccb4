/**
 * `npm run migrations:history`: writes db/migration-history.json, the ledger of every set of
 * migrations any commit of main has registered (decision 089). A database is always migrated
 * by one of these sets, so db/migration-history.test.ts upgrades a database at each of them to
 * today's migrations, and refuses a new migration that sorts before one already released.
 *
 * Read from git: each commit that changed db/migrate.ts, its registered names; a set is kept
 * once, in the order the commits came. `edited` names a migration whose file then differed from
 * today's (applied migrations are frozen; an edit is recorded here so the test can answer for it).
 * With `--check` it writes nothing and exits 1 when the ledger is not what git says.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

export interface MigrationSet {
  /** The first commit (abbreviated) that registered exactly this set; "uncommitted" for the work tree. */
  commit: string;
  /** The names, in the order Kysely ran them then (sorted). */
  migrations: string[];
  /** Names whose file at that commit differed from today's. */
  edited?: string[];
}

export const ledgerPath = new URL("../db/migration-history.json", import.meta.url);

function git(...args: string[]): string {
  return execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function fileAt(commit: string, path: string): string {
  try {
    return git("show", `${commit}:${path}`);
  } catch {
    return "";
  }
}

/** Each migration file's blob id at a commit, by migration name. */
function blobsAt(commit: string): Map<string, string> {
  const listing = git("ls-tree", commit, "db/migrations/");
  const blobs = new Map<string, string>();
  for (const line of listing.split("\n").filter(Boolean)) {
    const [meta, path] = line.split("\t") as [string, string];
    const name = /([^/]+)\.ts$/.exec(path)?.[1];
    if (name !== undefined) blobs.set(name, meta.split(" ")[2] as string);
  }
  return blobs;
}

/** The names a db/migrate.ts source registers in its `migrations` record. */
function registeredIn(source: string): string[] {
  const record = /export const migrations[^{]*\{([^}]*)\}/.exec(source)?.[1] ?? "";
  const names = [...record.matchAll(/^\s*"(\d{4}-\d{2}-\d{2}-[0-9a-z-]+)":/gm)].map(
    (match) => match[1] as string,
  );
  return names.sort((a, b) => a.localeCompare(b));
}

const root = new URL("../", import.meta.url);

/** The ledger as git tells it, from the first commit to HEAD, then the work tree. */
export function ledgerFromGit(renamed: Record<string, string>): MigrationSet[] {
  const commits = git("rev-list", "--reverse", "--topo-order", "HEAD", "--", "db/migrate.ts")
    .split("\n")
    .filter(Boolean);
  const states = commits.map((commit) => ({
    commit: commit.slice(0, 10),
    names: registeredIn(fileAt(commit, "db/migrate.ts")),
    blobs: blobsAt(commit),
  }));
  // A migration being added is in the work tree before it is in a commit.
  const files = readdirSync(new URL("db/migrations/", root)).filter((file) => file.endsWith(".ts"));
  const workTreeBlobs = git(
    "hash-object",
    ...files.map((file) => fileURLToPath(new URL(`db/migrations/${file}`, root))),
  ).split("\n");
  const today = new Map(
    files.map((file, at) => [file.replace(/\.ts$/, ""), workTreeBlobs[at] ?? ""]),
  );
  states.push({
    commit: "uncommitted",
    names: registeredIn(readFileSync(new URL("db/migrate.ts", root), "utf8")),
    blobs: today,
  });

  const sets: MigrationSet[] = [];
  const seen = new Set<string>();
  for (const { commit, names, blobs } of states) {
    if (names.length === 0) continue;
    const edited = names.filter((name) => blobs.get(name) !== today.get(renamed[name] ?? name));
    const key = JSON.stringify([names, edited]);
    if (seen.has(key)) continue;
    seen.add(key);
    sets.push({ commit, migrations: names, ...(edited.length > 0 ? { edited } : {}) });
  }
  return sets;
}

export function readLedger(): MigrationSet[] {
  return JSON.parse(readFileSync(ledgerPath, "utf8")) as MigrationSet[];
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { check: { type: "boolean", default: false } } });
  const { renamedMigrations } = await import("../db/migrate.ts");
  const ledger = ledgerFromGit(renamedMigrations);
  const text = `${JSON.stringify(ledger, null, 2)}\n`;
  if (values.check) {
    const same = readFileSync(ledgerPath, "utf8") === text;
    console.log(
      same ? "db/migration-history.json matches git" : "db/migration-history.json is stale",
    );
    process.exitCode = same ? 0 : 1;
  } else {
    writeFileSync(ledgerPath, text);
    console.log(`db/migration-history.json: ${ledger.length} sets`);
  }
}
