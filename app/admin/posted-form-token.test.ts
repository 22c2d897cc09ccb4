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
  it("reads a multipart post's leading token without reading its files; the action gets them", async () => {
    const form = new FormData();
    form.set("csrf", "token-1 é");
    form.set("intent", "upload");
    form.append("photos", new File([new Uint8Array(3_000_000).fill(7)], "a.jpg"));
    const encoded = post(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    // The body as it arrives, 64 KB at a time, counting what has been read of it.
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = bytes.subarray(pulled, pulled + 64 * 1024);
        pulled += chunk.length;
        if (chunk.length > 0) controller.enqueue(chunk);
        if (pulled >= bytes.length) controller.close();
      },
    });
    const request = new Request(encoded.url, {
      method: "POST",
      body,
      headers: { "content-type": encoded.headers.get("content-type") ?? "" },
      duplex: "half",
    } as RequestInit);
    expect(await postedFormToken(request)).toBe("token-1 é");
    expect(pulled).toBeLessThan(256 * 1024);
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
