/**
 * nginx for `npm run bench`: the proxy configuration of docs/deployment.md as written (its
 * proxy_cache and all), in front of the bench's app server, plus a plain static server in the
 * same nginx serving a page's saved bytes as a file, the baseline of the proxy row. Only the
 * addresses change: loopback ports for the listens and the upstream, plain HTTP instead of TLS
 * (both rows alike; TLS is not what is measured), the cache and temporary files in a folder of
 * the bench's own.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/** The first nginx block of docs/deployment.md: the configuration an operator installs. */
export function guideNginxBlock(): string {
  const guide = readFileSync(join(root, "docs/deployment.md"), "utf8");
  const block = /^```nginx\n([\s\S]*?)^```$/m.exec(guide)?.[1];
  if (!block) throw new Error("docs/deployment.md has no nginx block.");
  return block;
}

/** The nginx executable: on PATH, or Debian's. */
function nginxExecutable(): string {
  const onPath = (process.env.PATH ?? "")
    .split(":")
    .map((folder) => join(folder, "nginx"))
    .find((file) => existsSync(file));
  if (onPath) return onPath;
  if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  throw new Error("nginx is not installed (Debian: apt-get install nginx).");
}

/** Whether nginx can be run here (the bench skips its nginx rows otherwise). */
export function hasNginx(): boolean {
  try {
    nginxExecutable();
    return true;
  } catch {
    return false;
  }
}

/**
 * The guide's block run locally: its cache under `folder`, its upstream servers replaced by
 * `upstream` (one address: that server alone; two: the guide's two servers at these addresses,
 * their parameters kept), its two listens by loopback ports; with `tls`, the HTTPS server keeps
 * TLS with these certificate files, otherwise it serves plain HTTP. Throws when the block no
 * longer has the shape these replacements expect.
 */
export function localProxyConfig(
  block: string,
  options: {
    folder: string;
    upstream: string | readonly [string, string];
    proxyPort: number;
    redirectPort: number;
    tls?: { certificate: string; key: string };
  },
): string {
  const { tls, upstream } = options;
  let config = block.replace("/var/cache/nginx/homes", join(options.folder, "cache"));
  config =
    typeof upstream === "string"
      ? config
          .replace(/^(\s*)server 10\.0\.0\.11:3000 .*$/m, `$1server ${upstream};`)
          .replace(/^\s*server 10\.0\.0\.12:3000 .*\n/m, "")
      : config
          .replace(/^(\s*server )10\.0\.0\.11:3000( .*)?;$/m, `$1${upstream[0]}$2;`)
          .replace(/^(\s*server )10\.0\.0\.12:3000( .*)?;$/m, `$1${upstream[1]}$2;`);
  config = config.replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${options.redirectPort};`);
  config = tls
    ? config
        .replace(
          /^(\s*)listen 443 ssl http2;/m,
          `$1listen 127.0.0.1:${options.proxyPort} ssl http2;`,
        )
        .replace("/etc/letsencrypt/live/homes.example.com/fullchain.pem", tls.certificate)
        .replace("/etc/letsencrypt/live/homes.example.com/privkey.pem", tls.key)
    : config
        .replace(/^(\s*)listen 443 ssl http2;.*$/m, `$1listen 127.0.0.1:${options.proxyPort};`)
        .replace(/^\s*ssl_certificate(_key)?\s.*\n/gm, "");
  for (const expected of [
    ...(typeof upstream === "string"
      ? [`server ${upstream};`]
      : upstream.map((address) => `server ${address}`)),
    `listen 127.0.0.1:${options.proxyPort}${tls ? " ssl" : ";"}`,
    "proxy_cache homes;",
    ...(tls ? [tls.certificate, tls.key] : []),
  ]) {
    if (!config.includes(expected)) {
      throw new Error(`The guide's nginx block changed shape: could not make "${expected}".`);
    }
  }
  return config;
}

export interface BenchNginx {
  /** `http://127.0.0.1:<port>`: the guide's proxy, cache included. */
  proxyBase: string;
  /** `http://127.0.0.1:<port>`: the same page's bytes as a static file, at the same path. */
  staticBase: string;
  stop(): Promise<void>;
}

/**
 * Starts one nginx (one worker, as both rows share it) with the guide's proxy in front of
 * `upstream` and a static server answering `page.path` with `page.body`.
 */
export async function startBenchNginx(options: {
  folder: string;
  upstream: string | readonly [string, string];
  page: { path: string; body: Buffer };
  ports: { proxy: number; redirect: number; static: number };
}): Promise<BenchNginx> {
  const { folder } = options;
  await mkdir(join(folder, "static"), { recursive: true });
  await writeFile(join(folder, "static", "page.html"), options.page.body);
  await writeFile(
    join(folder, "homes.conf"),
    localProxyConfig(guideNginxBlock(), {
      folder,
      upstream: options.upstream,
      proxyPort: options.ports.proxy,
      redirectPort: options.ports.redirect,
    }),
  );
  const pagePath = options.page.path.split("?")[0] ?? "/";
  await writeFile(
    join(folder, "nginx.conf"),
    [
      // Run as root, the workers would otherwise be nobody, who cannot write this folder.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "worker_processes 1;",
      `pid ${folder}/nginx.pid;`,
      `error_log ${folder}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${folder}/${kind};`,
      ),
      `  include ${folder}/homes.conf;`,
      "  server {",
      `    listen 127.0.0.1:${options.ports.static};`,
      `    root ${folder}/static;`,
      "    default_type text/html;",
      "    charset utf-8;",
      `    location = ${pagePath} { try_files /page.html =404; }`,
      "  }",
      "}",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    nginxExecutable(),
    ["-e", "stderr", "-p", folder, "-c", join(folder, "nginx.conf"), "-g", "daemon off;"],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    await rm(folder, { recursive: true, force: true });
  };
  const proxyBase = `http://127.0.0.1:${options.ports.proxy}`;
  const staticBase = `http://127.0.0.1:${options.ports.static}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${staticBase}${options.page.path}`, {
      signal: AbortSignal.timeout(1_000),
    }).then(
      async (answer) => {
        await answer.arrayBuffer();
        return answer.ok;
      },
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`nginx did not start:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return { proxyBase, staticBase, stop };
}
