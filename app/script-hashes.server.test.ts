import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./script-hashes.server.ts";

describe("inline script hashes", () => {
  it("hash inline scripts, not external ones nor JSON-LD data blocks", () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><SCRIPT>a()</SCRIPT>';
    const digest = (text: string) =>
      `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(inlineScriptHashes(html)).toEqual([digest("a()"), digest("b()")]);
  });
});
