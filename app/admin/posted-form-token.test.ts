/**
 * The admin layout's form token of a post (decision 037): a multipart post's token is read
 * from its first part, without parsing a copy of its files (decision 065), and the action still
 * reads the whole body; a token elsewhere, and a URL-encoded form, are read from a parsed copy.
 */
import { describe, expect, it } from "vitest";
import { postedFormToken } from "./posted-form-token.ts";

function post(body: FormData | URLSearchParams): Request {
  return new Request("http://localhost/admin/listings/A-1/photos", { method: "POST", body });
}

describe("a post's form token", () => {
  it("reads a multipart post's leading token, and the action still gets every file", async () => {
    const form = new FormData();
    form.set("csrf", "token-1 é");
    form.set("intent", "upload");
    form.append("photos", new File([new Uint8Array(3_000_000).fill(7)], "a.jpg"));
    const request = post(form);
    expect(await postedFormToken(request)).toBe("token-1 é");
    const read = await request.formData();
    expect(read.get("intent")).toBe("upload");
    expect((read.get("photos") as File).size).toBe(3_000_000);
  });

  it("reads a token that is not first, or in a URL-encoded form, from a parsed copy", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("csrf", "token-2");
    const request = post(form);
    expect(await postedFormToken(request)).toBe("token-2");
    expect((await request.formData()).get("intent")).toBe("upload");
    expect(await postedFormToken(post(new URLSearchParams({ csrf: "token-3" })))).toBe("token-3");
    expect(await postedFormToken(post(new URLSearchParams({ other: "x" })))).toBeNull();
  });
});
