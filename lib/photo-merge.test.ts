/**
 * The cover in a merged photo save (decision 056's addendum): a colleague's chosen cover is
 * kept over mine, but the cover a listing took from its first upload was nobody's choice.
 */
import { describe, expect, it } from "vitest";
import type { ListingPhoto } from "./admin-photos.ts";
import { mergePhotoArrangement, type PhotoBase } from "./photo-merge.ts";

const photo = (file: string): ListingPhoto => ({ file, alt: "" });

describe("a merged photo save's cover", () => {
  it("is the one chosen here when the page opened a listing without photos and uploaded them", () => {
    const opened: PhotoBase = { eventId: 0, order: [], cover: "", alts: {} };
    const stored = { photos: ["a.jpg", "b.jpg", "c.jpg"].map(photo), cover: "a.jpg" };
    const merged = mergePhotoArrangement(
      { photos: ["c.jpg", "a.jpg", "b.jpg"].map(photo), cover: "c.jpg", removed: [] },
      stored,
      opened,
      {},
    );
    expect(merged.arrangement.cover).toBe("c.jpg");
    expect(merged.arrangement.photos.map((item) => item.file)).toEqual(["c.jpg", "a.jpg", "b.jpg"]);
    expect(merged.theirs.cover).toBe(false);
  });

  it("is a colleague's when they chose another since the page opened", () => {
    const files = ["a.jpg", "b.jpg", "c.jpg"];
    const opened: PhotoBase = { eventId: 0, order: files, cover: "a.jpg", alts: {} };
    const merged = mergePhotoArrangement(
      { photos: files.map(photo), cover: "c.jpg", removed: [] },
      { photos: files.map(photo), cover: "b.jpg" },
      opened,
      {},
    );
    expect(merged.arrangement.cover).toBe("b.jpg");
    expect(merged.theirs.cover).toBe(true);
  });
});
