import { describe, expect, it } from "vitest";
import { buildProperty } from "../../../tests/support/factories.ts";
import type { ApiClient } from "../../api/client.server.ts";
import { loadPropertiesByCode } from "./properties-by-code.server.ts";

/** A client that knows the published properties `published` and records what it was asked. */
function fakeApi(published: ReturnType<typeof buildProperty>[]) {
  const asked: string[][] = [];
  const api = {
    findPropertiesByCodes: async (codes: readonly string[]) => {
      asked.push([...codes]);
      return codes.flatMap((code) => published.filter((property) => property.code === code));
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe("loadPropertiesByCode", () => {
  it("answers the published properties in the list's order and the codes that are missing", async () => {
    const a = buildProperty({ code: "A-1" });
    const b = buildProperty({ code: "B-2" });
    const { api, asked } = fakeApi([a, b]);
    const loaded = await loadPropertiesByCode(api, ["B-2", "DRAFT-9", "A-1"]);
    expect(asked).toEqual([["B-2", "DRAFT-9", "A-1"]]);
    expect(loaded.codes).toEqual(["B-2", "DRAFT-9", "A-1"]);
    expect(loaded.properties.map((property) => property.code)).toEqual(["B-2", "A-1"]);
    expect(loaded.missing).toEqual(["DRAFT-9"]);
  });

  it("asks the client nothing for no codes", async () => {
    const { api, asked } = fakeApi([]);
    expect(await loadPropertiesByCode(api, [])).toEqual({ codes: [], properties: [], missing: [] });
    expect(asked).toEqual([]);
  });
});
