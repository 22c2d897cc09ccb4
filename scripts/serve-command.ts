/**
 * How `npm run serve` starts the server, read from package.json: its environment assignments
 * (`NODE_ENV`, glibc's malloc settings) and its Node flags (the V8 heap sizes). The bench and
 * the overload drill start their servers the same way, so the memory they measure is the
 * memory of `npm start` and they cannot drift from it (decision 038).
 */
import { readFileSync } from "node:fs";

export interface ServeCommand {
  /** The `NAME=value` assignments before `exec node`. */
  env: Record<string, string>;
  /** The flags between `node` and the entry file. */
  nodeFlags: string[];
}

const packageJson = new URL("../package.json", import.meta.url);

/** `npm run serve`'s environment and Node flags. */
export function serveCommand(): ServeCommand {
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as {
    scripts: Record<string, string>;
  };
  const match = /^((?:\w+=\S+ )*)exec node ((?:--\S+ )*)server\/index\.ts$/.exec(
    scripts.serve ?? "",
  );
  if (!match) throw new Error(`unexpected shape of npm run serve: ${scripts.serve}`);
  const env = Object.fromEntries(
    (match[1] ?? "")
      .trim()
      .split(" ")
      .filter(Boolean)
      .map((assignment) => assignment.split("=", 2) as [string, string]),
  );
  return { env, nodeFlags: (match[2] ?? "").trim().split(" ").filter(Boolean) };
}
