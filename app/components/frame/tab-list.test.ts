import { describe, expect, it } from "vitest";
import { tabIds } from "./tab-list.tsx";

describe("tabIds", () => {
  it("gives a tab and its panel ids without whitespace (HTML ids have none)", () => {
    expect(tabIds("r1", "For Rent")).toEqual({
      tab: "r1-tab-For-Rent",
      panel: "r1-panel-For-Rent",
    });
  });

  it("keeps distinct keys distinct", () => {
    expect(tabIds("r1", "general").tab).not.toBe(tabIds("r1", "extra").tab);
  });
});
