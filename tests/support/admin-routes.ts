/**
 * Every back-office address behind the sign-in, read from the site's route list (app/routes.ts),
 * so a security test covers a page the day it is added. Parameters take a seeded example.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes.ts";

/** The layout every signed-in page sits under. */
const signedInLayout = "routes/admin/signed-in.tsx";

/** A seeded value for each route parameter. */
const examples: Record<string, string> = {
  code: "HP-1001",
  id: "1",
  number: "1",
};

function fill(path: string): string {
  return path
    .split("/")
    .map((part) => {
      if (part === "*") return "no-such-page";
      if (!part.startsWith(":")) return part;
      const value = examples[part.slice(1)];
      if (value === undefined) throw new Error(`no example for the route parameter ${part}`);
      return value;
    })
    .join("/");
}

function walk(
  entries: readonly RouteConfigEntry[],
  prefix: string,
  inside: boolean,
  out: string[],
) {
  for (const entry of entries) {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    const signedIn = inside || entry.file === signedInLayout;
    if (signedIn && (entry.index || (entry.path && !entry.children))) out.push(fill(path) || "/");
    if (entry.index && signedIn && !out.includes(`${fill(path)}/`)) out.push(`${fill(path)}/`);
    if (entry.children) walk(entry.children, path, signedIn, out);
  }
}

/** Each signed-in admin address, its index with and without the trailing slash. */
export function signedInAdminPaths(): string[] {
  const out: string[] = [];
  walk(routes, "", false, out);
  return [...new Set(out)];
}
