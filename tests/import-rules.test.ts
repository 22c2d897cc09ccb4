/**
 * The import rules in biome.json bite: files written into a throwaway copy of the layout, linted
 * with the project's own configuration, are refused exactly where a layer reaches the wrong way
 * (app ↛ db, server; lib ↛ app, db, server; db ↛ server).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const biome = join(root, "node_modules", ".bin", "biome");

/** One line per import, each a different form (static, re-export, type-only, dynamic). */
function importsOf(specifier: string): string {
  return [
    `import { a } from "${specifier}";`,
    `export { b } from "${specifier}";`,
    `import type { C } from "${specifier}";`,
    `export const d = () => import("${specifier}");`,
    `export const e: C = a;`,
  ].join("\n");
}
const importLines = [1, 2, 3, 4];

/** file (relative to the layout) → what it imports. */
const fixtures: Record<string, string> = {
  "app/routes/to-db.tsx": importsOf("../../db/queries/property.ts"),
  "app/routes/to-server.tsx": importsOf("../../server/app.ts"),
  "app/routes/to-lib.tsx": importsOf("../../lib/format.ts"),
  "app/routes/within-app.tsx": importsOf("../components/frame/navigation.ts"),
  "lib/to-app.ts": importsOf("../app/routes.ts"),
  "lib/to-app-context.ts": importsOf("#app-context"),
  "lib/to-db.ts": importsOf("../db/database.ts"),
  "lib/to-server.ts": importsOf("../server/app.ts"),
  "lib/within-lib.ts": importsOf("./format.ts"),
  "db/seed/to-server.ts": importsOf("../../server/images/on-demand.ts"),
  "db/seed/to-lib.ts": importsOf("../../lib/image-variants.ts"),
  "db/to-db.ts": importsOf("./database.ts"),
  "server/to-db.ts": importsOf("../db/database.ts"),
  "server/to-lib.ts": importsOf("../lib/format.ts"),
};

let layout: string;
/** "file:line" of every noRestrictedImports error. */
let refused: Set<string>;

beforeAll(() => {
  layout = mkdtempSync(join(tmpdir(), "import-rules-"));
  copyFileSync(join(root, "biome.json"), join(layout, "biome.json"));
  for (const [file, text] of Object.entries(fixtures)) {
    mkdirSync(dirname(join(layout, file)), { recursive: true });
    writeFileSync(join(layout, file), `${text}\n`);
  }
  const run = spawnSync(
    biome,
    ["lint", "--vcs-enabled=false", "--reporter=github", "--max-diagnostics=none", "."],
    { cwd: layout, encoding: "utf8" },
  );
  refused = new Set();
  for (const match of run.stdout.matchAll(
    /^::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+),/gm,
  )) {
    refused.add(`${match[1]!.slice(layout.length + 1)}:${match[2]}`);
  }
});

afterAll(() => rmSync(layout, { recursive: true, force: true }));

function refusedLines(file: string): number[] {
  return importLines.filter((line) => refused.has(`${file}:${line}`));
}

describe("import rules", () => {
  it.each([
    "app/routes/to-db.tsx",
    "app/routes/to-server.tsx",
    "lib/to-app.ts",
    "lib/to-app-context.ts",
    "lib/to-db.ts",
    "lib/to-server.ts",
    "db/seed/to-server.ts",
  ])("refuses every import form in %s", (file) => {
    expect(refusedLines(file)).toEqual(importLines);
  });

  it.each([
    "app/routes/to-lib.tsx",
    "app/routes/within-app.tsx",
    "lib/within-lib.ts",
    "db/seed/to-lib.ts",
    "db/to-db.ts",
    "server/to-db.ts",
    "server/to-lib.ts",
  ])("lets %s through", (file) => {
    expect(refusedLines(file)).toEqual([]);
  });

  it("refuses nothing but the imports named above", () => {
    expect(refused.size).toBe(7 * importLines.length);
  });
});
