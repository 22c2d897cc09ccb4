/**
 * `npm run audit:html [-- --build]`: validates the server HTML of every route (the list the
 * accessibility tests visit, a 404 included) with the Nu HTML Checker (vnu-jar, needs `java`),
 * against the production server on a freshly seeded database. Prints the errors and warnings
 * per route; exits 1 when any route has an error.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { routePath, siteRoutes } from "../tests/e2e/routes.ts";
import { ensureBuild, startAuditServer } from "./audit-server.ts";

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** One message of vnu's `--format json` output. */
interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

interface PageHtml {
  path: string;
  status: number;
  file: string;
}

function checkJava(): void {
  const probe = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      "The HTML audit needs Java to run vnu.jar: install Debian's default-jre-headless " +
        "(apt-get install default-jre-headless).",
    );
  }
}

/** Runs vnu once over every file; answers its messages. */
function validate(files: readonly string[]): VnuMessage[] {
  const result = spawnSync(
    "java",
    ["-Xss1m", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  // vnu writes its JSON report to stderr.
  const output = result.stderr.trim();
  try {
    return (JSON.parse(output) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`vnu did not answer JSON (exit ${result.status}):\n${output.slice(0, 2000)}`);
  }
}

/** The checked file a message is about (vnu writes `file:/path` URLs). */
function fileOf(message: VnuMessage): string | undefined {
  return message.url?.startsWith("file:") ? fileURLToPath(message.url) : undefined;
}

/**
 * React writes void elements as `<meta ... />`: vnu's note on that trailing slash is about
 * unquoted attribute values, which React never writes, so it is left out of the report.
 */
function isReactVoidSlashNote(message: VnuMessage): boolean {
  return message.type === "info" && message.message.startsWith("Trailing slash on void elements");
}

function describe(message: VnuMessage): string {
  const where = message.lastLine ? `line ${message.lastLine}:${message.firstColumn ?? 0} ` : "";
  const extract = message.extract ? `\n        ${message.extract.replace(/\s+/g, " ").trim()}` : "";
  return `${where}${message.message}${extract}`;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log("Usage: npm run audit:html [-- --build]   (--build: rebuild the site first)");
    return;
  }
  const unknown = args.filter((arg) => arg !== "--build");
  if (unknown.length > 0) throw new Error(`Unknown argument(s): ${unknown.join(" ")}`);
  checkJava();
  ensureBuild(args.includes("--build"));

  const folder = await mkdtemp(join(tmpdir(), "audit-html-"));
  const server = await startAuditServer();
  const pages: PageHtml[] = [];
  try {
    for (const [index, route] of siteRoutes.entries()) {
      const path = routePath(route, server.slug);
      const response = await fetch(`${server.base}${path}`, { redirect: "manual" });
      const file = join(folder, `page-${index}.html`);
      await writeFile(file, await response.text());
      pages.push({ path, status: response.status, file });
    }
  } finally {
    await server.stop();
  }

  try {
    const messages = validate(pages.map((page) => page.file)).filter(
      (message) => !isReactVoidSlashNote(message),
    );
    let errors = 0;
    let warnings = 0;
    for (const page of pages) {
      const own = messages.filter((message) => fileOf(message) === page.file);
      const pageErrors = own.filter((message) => message.type !== "info");
      const pageWarnings = own.filter((message) => message.type === "info");
      errors += pageErrors.length;
      warnings += pageWarnings.length;
      const verdict = pageErrors.length === 0 ? "ok" : `${pageErrors.length} error(s)`;
      console.log(
        `${page.path} (HTTP ${page.status}): ${verdict}, ${pageWarnings.length} warning(s)`,
      );
      for (const message of pageErrors) console.log(`  error: ${describe(message)}`);
      for (const message of pageWarnings) console.log(`  warning: ${describe(message)}`);
    }
    const stray = messages.filter(
      (message) => !pages.some((page) => fileOf(message) === page.file),
    );
    for (const message of stray) {
      errors += 1;
      console.log(`vnu: ${describe(message)}`);
    }
    console.log(
      `\n${pages.length} routes: ${errors} error(s), ${warnings} warning(s) (target: 0 errors).`,
    );
    if (errors > 0) process.exitCode = 1;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
