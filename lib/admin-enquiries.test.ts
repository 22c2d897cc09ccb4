import { describe, expect, it } from "vitest";
import { type AdminEnquiryDelivery, describeDelivery } from "./admin-enquiries.ts";

const pending = (
  attempts: number,
  lastError: string | null = null,
  attemptInProgress = false,
): AdminEnquiryDelivery => ({
  status: "pending",
  attempts,
  attemptInProgress,
  lastError,
  sentAt: null,
});

describe("describeDelivery", () => {
  it("says when the enquiry was e-mailed", () => {
    const sent = { ...pending(1), status: "sent" as const, sentAt: "2026-11-27T10:05:00.000Z" };
    expect(describeDelivery(sent, true)).toEqual({
      text: "E-mailed to the company 2026-11-27 10:05 UTC",
    });
    // Sent while a mail server was set up, it stays sent after it is gone.
    expect(describeDelivery(sent, false).text).toBe("E-mailed to the company 2026-11-27 10:05 UTC");
  });

  it("does not say an enquiry is waiting when no mail server is set up to send it", () => {
    for (const delivery of [pending(0), pending(2, "ECONNREFUSED"), null]) {
      expect(describeDelivery(delivery, false)).toEqual({
        text: "Not e-mailed: the site has no mail server set up, so it is kept here only",
      });
    }
  });

  it("with a mail server: waiting, or failed tries with the last error", () => {
    expect(describeDelivery(pending(0), true).text).toBe("Waiting to be e-mailed");
    expect(describeDelivery(pending(1, "ECONNREFUSED"), true)).toEqual({
      text: "Not e-mailed yet: 1 failed attempt, will retry",
      lastError: "Last error: ECONNREFUSED",
    });
    expect(describeDelivery(pending(3), true)).toEqual({
      text: "Not e-mailed yet: 3 failed attempts, will retry",
    });
    expect(describeDelivery(null, true).text).toBe("Not queued for e-mail");
  });

  it("counts an attempt still in progress as being sent, not as failed", () => {
    expect(describeDelivery(pending(1, null, true), true)).toEqual({ text: "Being e-mailed now" });
    expect(describeDelivery(pending(3, "ECONNREFUSED", true), true)).toEqual({
      text: "Being e-mailed now, after 2 failed attempts",
    });
  });
});
