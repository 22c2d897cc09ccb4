/**
 * The drill's own reckoning, without servers: the editor's form read as a browser posts it, and
 * every acknowledged write counted stored, delivered once, duplicated or lost, so that the exit
 * code says when anything acknowledged was lost or duplicated.
 */
import { describe, expect, it } from "vitest";
import { followByAddress, followSaveRows, lostOrDuplicated } from "./follow.ts";
import { formPairs, saveMark } from "./staff.ts";

describe("formPairs", () => {
  it("posts what a browser posts from the marked form: checked boxes, chosen options, text", () => {
    const html = `
      <form action="/other"><input name="elsewhere" value="no"></form>
      <form class="admin-editor" method="post">
        <input type="hidden" name="csrf" value="t&amp;k">
        <input name="headline" value="A &quot;bright&quot; flat">
        <input type="checkbox" name="amenities" value="Garden" checked="">
        <input type="checkbox" name="amenities" value="Pool">
        <input type="checkbox" name="amenities" value="Lift" checked>
        <input type="radio" name="publish" value="yes" checked="">
        <input type="radio" name="publish" value="no">
        <select name="offer_type"><option value="For Sale">For Sale</option><option value="For Rent" selected="">For Rent</option></select>
        <select name="tenure"><option value="">Not given</option><option value="Freehold">Freehold</option></select>
        <textarea name="description">&lt;p&gt;Light &amp; airy&lt;/p&gt;</textarea>
        <button type="submit" name="intent" value="save">Save</button>
        <input type="submit" name="intent" value="preview">
      </form>`;
    expect(formPairs(html, 'class="admin-editor"')).toEqual([
      ["csrf", "t&k"],
      ["headline", 'A "bright" flat'],
      ["amenities", "Garden"],
      ["amenities", "Lift"],
      ["publish", "yes"],
      ["offer_type", "For Rent"],
      ["tenure", ""],
      ["description", "<p>Light & airy</p>"],
    ]);
  });

  it("refuses a page without the form", () => {
    expect(() => formPairs("<p>Sign in</p>", 'class="admin-editor"')).toThrow(/no form/);
  });
});

describe("following acknowledged writes", () => {
  it("counts an address stored once and mailed once as delivered, twice as duplicated, unmailed as lost", () => {
    const followed = followByAddress(
      6,
      new Set(["once@x", "twice@x", "unmailed@x", "unstored@x", "two-rows@x"]),
      new Map([
        ["once@x", 1],
        ["twice@x", 1],
        ["unmailed@x", 1],
        ["two-rows@x", 2],
        ["refused-yet-stored@x", 1],
      ]),
      new Map([
        ["once@x", 1],
        ["twice@x", 2],
        ["unstored@x", 1],
        ["two-rows@x", 1],
      ]),
      "mailed once",
      new Map([["twice@x", ["<m1@x>", "<m1@x>"]]]),
    );
    expect(followed.notes).toEqual([
      "twice@x: acknowledged, stored ×1, mailed ×2, the same Message-ID",
      "unmailed@x: acknowledged, stored ×1, mailed ×0",
      "unstored@x: acknowledged, stored ×0, mailed ×1",
      "two-rows@x: acknowledged, stored ×2, mailed ×1",
      "refused-yet-stored@x: not acknowledged, stored ×1, mailed ×0",
    ]);
    expect(followed).toMatchObject({
      sent: 6,
      acknowledged: 5,
      stored: 4,
      delivered: { check: "mailed once", count: 1 },
      duplicated: 2,
      lost: 2,
      storedNotAcknowledged: 1,
    });
    expect(lostOrDuplicated({ enquiries: followed })).toBe(true);
  });

  it("counts a save stored when its listing has its headline, and audited by its quoted headline", () => {
    const [a, b, c, d] = [saveMark(1, 1), saveMark(1, 2), saveMark(1, 3), saveMark(2, 1)];
    const event = (code: string, headline: string) => ({
      code,
      detail: JSON.stringify({ changes: { headline: { before: "Old", after: headline } } }),
    });
    const followed = followSaveRows(
      {
        posted: new Map([
          ["L1", a],
          ["L2", b],
          ["L3", c],
          ["L4", d],
          ["L5", saveMark(2, 2)],
        ]),
        acknowledged: new Map([
          ["L1", a],
          ["L2", b],
          ["L3", c],
          ["L4", d],
        ]),
      },
      [
        { code: "L1", headline: a },
        { code: "L2", headline: b },
        { code: "L4", headline: d },
        { code: "L5", headline: saveMark(2, 2) },
      ],
      // [1-1] must not be read inside [1-10]'s event: the mark is quoted whole.
      [event("L1", a), event("L2", b), event("L2", b), event("L4", saveMark(1, 10))],
    );
    expect(followed.notes).toEqual([
      `L2 "${b}": acknowledged, stored, audited ×2`,
      `L3 "${c}": acknowledged, not stored, audited ×0`,
      `L4 "${d}": acknowledged, stored, audited ×0`,
      `L5 "${saveMark(2, 2)}": not acknowledged, stored, audited ×0`,
    ]);
    expect(followed).toMatchObject({
      sent: 5,
      acknowledged: 4,
      stored: 3,
      delivered: { check: "audited once", count: 1 },
      duplicated: 1,
      lost: 2,
      storedNotAcknowledged: 1,
    });
  });

  it("passes a drill where every acknowledged write arrived once", () => {
    const clean = followByAddress(
      1,
      new Set(["a@x"]),
      new Map([["a@x", 1]]),
      new Map([["a@x", 1]]),
      "mailed once",
    );
    expect(clean.lost + clean.duplicated).toBe(0);
    expect(lostOrDuplicated({ enquiries: clean, "alert sign-ups": clean })).toBe(false);
  });
});
