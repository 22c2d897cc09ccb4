import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  issueEnquiryPuzzles,
  issuePuzzle,
  puzzleTokenTtlMs,
  spendPuzzleToken,
  verifyPuzzleToken,
} from "./puzzle-token.server.ts";

const secret = "a-test-secret-of-some-length";
const now = Date.UTC(2026, 0, 1);

function resign(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [body = "", signature = ""] = token.split(".");
  const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${signature}`;
}

describe("issuePuzzle", () => {
  it("issues two digits from 0 to 8 (SPEC §9) and covers them all", () => {
    const seen = new Set<number>();
    for (let index = 0; index < 500; index++) {
      const { num1, num2 } = issuePuzzle(secret, now);
      expect(`${num1} ${num2}`).toMatch(/^\d \d$/);
      for (const digit of [Number(num1), Number(num2)]) {
        expect(digit).toBeGreaterThanOrEqual(0);
        expect(digit).toBeLessThanOrEqual(8);
        seen.add(digit);
      }
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("gives every puzzle its own id, and the token does not carry the answer", () => {
    const first = issuePuzzle(secret, now, () => 3);
    const second = issuePuzzle(secret, now, () => 3);
    expect(first.token).not.toBe(second.token);
    const payload = Buffer.from(first.token.split(".")[0] ?? "", "base64url").toString("utf8");
    expect(Object.keys(JSON.parse(payload) as object).sort()).toEqual(["exp", "id", "n1", "n2"]);
  });

  it.each([
    ["16 characters", "sixteen-chars-ab"],
    ["64 characters, one hash block", "k".repeat(64)],
    ["65 characters, longer than a block", "k".repeat(65)],
    ["non-ASCII text", "clé secrète – ünïcode ✓ of some length"],
  ])("signs with HMAC-SHA256 of the body under a secret of %s", (_label, key) => {
    const [body = "", signature = ""] = issuePuzzle(key, now).token.split(".");
    const expected = createHmac("sha256", key).update(`enquiry-puzzle.${body}`).digest("base64url");
    expect(signature).toBe(expected);
  });

  it("signs right whichever secret signed before (each has its own work buffers)", () => {
    const secrets = ["first-secret-16ch", "s".repeat(90), "first-secret-16ch", "third secret ✓ é"];
    for (const key of [...secrets, ...secrets]) {
      const [body = "", signature = ""] = issuePuzzle(key, now).token.split(".");
      const expected = createHmac("sha256", key)
        .update(`enquiry-puzzle.${body}`)
        .digest("base64url");
      expect(signature).toBe(expected);
    }
  });

  it("issues a puzzle and a spare for a form", () => {
    const { puzzle, spare } = issueEnquiryPuzzles(secret, now);
    expect(puzzle.token).not.toBe(spare.token);
  });
});

describe("verifyPuzzleToken", () => {
  const { num1, num2, token } = issuePuzzle(secret, now, () => 4);

  it("accepts its own token with the same digits until it expires", () => {
    const check = verifyPuzzleToken(secret, token, "4", " 4 ", now + puzzleTokenTtlMs - 1);
    expect(check).toMatchObject({
      ok: true,
      num1: Number(num1),
      num2: Number(num2),
      expiresAt: now + puzzleTokenTtlMs,
    });
  });

  it("refuses an expired token", () => {
    expect(verifyPuzzleToken(secret, token, "4", "4", now + puzzleTokenTtlMs)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses other digits than the token's", () => {
    expect(verifyPuzzleToken(secret, token, "4", "5", now)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });

  it("refuses a missing, malformed, re-signed or tampered token as forged", () => {
    expect(verifyPuzzleToken(secret, "", "4", "4", now)).toEqual({ ok: false, reason: "missing" });
    for (const forged of [
      "x.y",
      "not a token",
      `${token}x`,
      // The signature's first character carries six whole bits.
      token.replace(/\.(.)/, (_match, first: string) => `.${first === "A" ? "B" : "A"}`),
      issuePuzzle("another-secret-entirely", now, () => 4).token,
      resign(token, (payload) => {
        payload.n2 = 0;
      }),
      resign(token, (payload) => {
        payload.exp = now + 10 * puzzleTokenTtlMs;
      }),
    ]) {
      expect(verifyPuzzleToken(secret, forged, "4", "4", now)).toEqual({
        ok: false,
        reason: "forged",
      });
    }
  });
});

describe("spendPuzzleToken", () => {
  /** The single-use store's contract, in memory. */
  const memoryStore = () => {
    const used = new Set<string>();
    return {
      use: async (id: string) => {
        if (used.has(id)) return false;
        used.add(id);
        return true;
      },
    };
  };

  it("accepts a token once, with the token's digits, and refuses it replayed", async () => {
    const store = memoryStore();
    const { num1, num2, token } = issuePuzzle(secret, now, () => 3);
    const first = await spendPuzzleToken(secret, store, { token, num1, num2 }, now);
    expect(first).toMatchObject({ ok: true, num1: 3, num2: 3 });
    expect(await spendPuzzleToken(secret, store, { token, num1, num2 }, now)).toEqual({
      ok: false,
      reason: "replayed",
    });
  });

  it("refuses a forged or expired token without spending anything", async () => {
    const store = memoryStore();
    const { token } = issuePuzzle(secret, now, () => 2);
    const tampered = resign(token, (payload) => {
      payload.n1 = 8;
    });
    expect(
      await spendPuzzleToken(secret, store, { token: tampered, num1: "8", num2: "2" }, now),
    ).toEqual({ ok: false, reason: "forged" });
    expect(
      await spendPuzzleToken(
        secret,
        store,
        { token, num1: "2", num2: "2" },
        now + puzzleTokenTtlMs,
      ),
    ).toEqual({ ok: false, reason: "expired" });
    // Neither spent it: the right post still goes through.
    expect(
      await spendPuzzleToken(secret, store, { token, num1: "2", num2: "2" }, now),
    ).toMatchObject({ ok: true });
  });

  it("refuses when the store cannot be reached, rather than accept a token maybe spent", async () => {
    const { num1, num2, token } = issuePuzzle(secret, now);
    const broken = { use: () => Promise.reject(new Error("connection refused")) };
    expect(await spendPuzzleToken(secret, broken, { token, num1, num2 }, now)).toEqual({
      ok: false,
      reason: "store-failed",
      detail: "connection refused",
    });
  });
});
