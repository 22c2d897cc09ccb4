import { afterEach, describe, expect, it, vi } from "vitest";
import { isEnquiryResult, networkFailureResult, sendEnquiry } from "./enquiry-result.ts";

describe("sendEnquiry", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const fields = () => {
    const form = new FormData();
    form.set("fullname", "Ann");
    form.set("message", "Hello & more");
    return form;
  };

  it("posts the fields as a form and answers the server's result, whatever its status", async () => {
    const result = { outcome: "error", httpStatus: 422, message: "No", errors: { email: "x" } };
    const fetch = vi.fn(async () => Response.json(result, { status: 422 }));
    vi.stubGlobal("fetch", fetch);
    expect(await sendEnquiry("/enquiry/send/contact", fields())).toEqual(result);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe("/enquiry/send/contact");
    expect(init.method).toBe("POST");
    expect(String(init.body)).toBe("fullname=Ann&message=Hello+%26+more");
  });

  it("turns a failure to reach the server into an 'Errors!' result with its message", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const result = await sendEnquiry("/enquiry/send/contact", fields());
    expect(result).toEqual({
      outcome: "error",
      httpStatus: 0,
      message: "Failed to fetch",
      errors: {},
    });
    expect(result).toEqual(networkFailureResult(new TypeError("Failed to fetch")));
  });

  it("turns an answer that is not a result into an 'Errors!' result", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>", { status: 502 }));
    const result = await sendEnquiry("/enquiry/send/contact", fields());
    expect(result.outcome).toBe("error");
    expect(result.message).toContain("502");
  });
});

describe("isEnquiryResult", () => {
  it("recognises results only", () => {
    expect(isEnquiryResult(networkFailureResult(new Error("x")))).toBe(true);
    expect(isEnquiryResult(undefined)).toBe(false);
    expect(isEnquiryResult({ outcome: "maybe", httpStatus: 1, message: "" })).toBe(false);
  });
});
