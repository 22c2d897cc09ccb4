import { describe, expect, it } from "vitest";
import type { AdminListingsService, StaffSession } from "#app-context";
import { backOfficeUnavailableMessage } from "../data-unavailable.ts";
import { readEditorPost } from "./listing-editing.ts";

/** A listings service whose every read fails as the server's does while the database is away. */
const awayListings = new Proxy({} as AdminListingsService, {
  get: () => async () => {
    throw new Response(JSON.stringify({ message: backOfficeUnavailableMessage }), { status: 503 });
  },
});
const session = {} as StaffSession;

function posted(fields: Record<string, string>): Request {
  return new Request("http://homes.test/admin/listings/HP-1001/edit", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

describe("a listing save while the database is away (decision 088)", () => {
  it("answers the form as typed with the outage's message, read without the database", async () => {
    const post = await readEditorPost(
      posted({ code: "HP-1001", headline: "Typed before the outage", related: "HP-1002" }),
      awayListings,
      session,
    );
    const attempt = await post.unlessUnavailable(
      () => awayListings.save(session, "HP-1001", 3, post.values, { base: "", choices: {} }),
      {
        revision: 3,
      },
    );
    expect(attempt).toEqual({
      unavailable: expect.objectContaining({
        unavailable: backOfficeUnavailableMessage,
        revision: 3,
        issues: [],
        values: expect.objectContaining({ code: "HP-1001", headline: "Typed before the outage" }),
      }),
    });
  });

  it("passes any other failure on, and a save's answer through", async () => {
    const post = await readEditorPost(posted({ code: "HP-1001" }), awayListings, session);
    await expect(
      post.unlessUnavailable(async () => {
        throw new Error("a bug");
      }),
    ).rejects.toThrow("a bug");
    expect(await post.unlessUnavailable(async () => "saved")).toEqual({ saved: "saved" });
  });
});
