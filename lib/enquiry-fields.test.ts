import { describe, expect, it } from "vitest";
import { enquiryFieldNames } from "./enquiry-fields.ts";

describe("enquiryFieldNames", () => {
  it("are the multipart fields of POST /contact/add, in the SPEC's order (§7)", () => {
    expect(enquiryFieldNames).toEqual([
      "fullname",
      "telephone",
      "email",
      "property_code",
      "message",
      "how_you_hear",
      "num1",
      "num2",
      "answer",
      "puzzle",
    ]);
  });
});
