import { describe, expect, it } from "vitest";
import { isEnquiryResult, networkFailureResult, submitThroughServer } from "./enquiry-result.ts";

describe("submitThroughServer", () => {
  it("answers the server action's result", async () => {
    const result = { outcome: "success", httpStatus: 200, message: "ok", errors: {} };
    expect(await submitThroughServer(async () => result)).toBe(result);
  });

  it("turns a failure to reach the server into an 'Errors!' result with its message", async () => {
    const result = await submitThroughServer(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(result).toEqual({
      outcome: "error",
      httpStatus: 0,
      message: "Failed to fetch",
      errors: {},
    });
    expect(result).toEqual(networkFailureResult(new TypeError("Failed to fetch")));
  });

  it("lets thrown responses (redirects) through", async () => {
    const redirect = new Response(null, { status: 302, headers: { location: "/" } });
    await expect(
      submitThroughServer(async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
  });
});

describe("isEnquiryResult", () => {
  it("recognises results only", () => {
    expect(isEnquiryResult(networkFailureResult(new Error("x")))).toBe(true);
    expect(isEnquiryResult(undefined)).toBe(false);
    expect(isEnquiryResult({ outcome: "maybe", httpStatus: 1, message: "" })).toBe(false);
  });
});
