/**
 * The map stays true as the code grows: README is short and keeps its two commands and its
 * curl (scripts/smoke-first-run.sh runs them as written), every environment variable of
 * config/env.ts is in docs/configuration.md, every npm script in docs/commands.md, every
 * decision record in the index with a date and a status, and the documents' relative links
 * lead to files that exist.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const projectRoot = resolve(import.meta.dirname, "..");
const read = (path: string) => readFileSync(join(projectRoot, path), "utf8");

const readme = read("README.md");
const decisionsFolder = "docs/decisions";
const decisionRecords = readdirSync(join(projectRoot, decisionsFolder)).filter((file) =>
  /^\d{3}-.+\.md$/.test(file),
);

/** The keys of the environment schema, as written in its `z.object({ … })`. */
function environmentKeys(): string[] {
  const source = read("config/env.ts");
  const schema = /^const envSchema = z\n([\s\S]*?)^ {2}\}\)/m.exec(source)?.[1] ?? "";
  return [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map(([, key]) => key ?? "");
}

describe("README", () => {
  it("is at most 100 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(100);
  });

  it("starts with npm ci && npm start, tests with npm test, and keeps the API's curl", () => {
    expect(readme).toMatch(/^npm ci && npm start\b/m);
    expect(readme).toMatch(/^npm test\b/m);
    expect(readme).toContain(
      "curl -H 'Authorization: Bearer dev-token' localhost:3000/api/property/display/all",
    );
  });
});

describe("docs/configuration.md", () => {
  it("documents every environment variable config/env.ts reads", () => {
    const keys = environmentKeys();
    expect(keys.length).toBeGreaterThan(30);
    const documented = read("docs/configuration.md");
    expect(keys.filter((key) => !documented.includes(`\`${key}\``))).toEqual([]);
  });
});

describe("docs/commands.md", () => {
  it("documents every npm script", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    const documented = read("docs/commands.md") + readme;
    // start and test are README's; serve, typegen and test:* are named within other rows.
    const missing = Object.keys(scripts).filter(
      (name) =>
        !["start", "test"].includes(name) &&
        !documented.includes(`npm run ${name}`) &&
        !documented.includes(`npm run ${name.split(":")[0]}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("the decision records", () => {
  const index = read(`${decisionsFolder}/README.md`);

  it.each(decisionRecords)("%s is in the index and says its date and status", (file) => {
    const number = file.slice(0, 3);
    expect(index).toMatch(
      new RegExp(
        `^\\| ${number} \\| \\[[^\\]]+\\]\\(${file}\\) \\| \\d{4}-\\d{2}-\\d{2} \\| .+ \\|$`,
        "m",
      ),
    );
    const [title, , statusLine] = read(`${decisionsFolder}/${file}`).split("\n");
    expect(title).toMatch(new RegExp(`^# ${number}\\b`));
    expect(statusLine).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: \S/);
  });

  it("lists no record that is not there", () => {
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map(([, file]) => file);
    expect(listed.filter((file) => !decisionRecords.includes(file ?? ""))).toEqual([]);
  });
});

describe("the documents' links", () => {
  const documents = [
    "README.md",
    ...readdirSync(join(projectRoot, "docs"))
      .filter((file) => file.endsWith(".md"))
      .map((file) => `docs/${file}`),
    `${decisionsFolder}/README.md`,
  ];

  it.each(documents)("%s links only to files that exist", (document) => {
    const links = [...read(document).matchAll(/\]\(([^)\s]+)\)/g)]
      .map(([, target]) => (target ?? "").split("#")[0] ?? "")
      .filter((target) => target !== "" && !/^[a-z]+:/i.test(target));
    const broken = links.filter(
      (target) => !existsSync(resolve(projectRoot, dirname(document), target)),
    );
    expect(broken).toEqual([]);
  });
});
