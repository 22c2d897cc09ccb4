import { describe, expect, it } from "vitest";
import {
  enquiryFieldMaxLength,
  enquiryFieldNames,
  readEnquiryFields,
  typedEnquiryFieldNames,
} from "./enquiry-fields.ts";

describe("enquiryFieldNames", () => {
  it("are the multipart fields of POST /contact/add, in the SPEC's order (§7)", () => {
    expect(enquiryFieldNames.join(" ")).toBe(
      "fullname telephone email property_code message how_you_hear num1 num2 answer puzzle",
    );
  });

  it("name the visible fields a visitor types apart from the code and the puzzle", () => {
    expect(typedEnquiryFieldNames).toEqual([
      "fullname",
      "telephone",
      "email",
      "message",
      "how_you_hear",
    ]);
  });

  it("give every field a length limit, the puzzle's digits one character", () => {
    expect(Object.keys(enquiryFieldMaxLength)).toEqual(enquiryFieldNames);
    expect(enquiryFieldMaxLength.num1).toBe(1);
    expect(enquiryFieldMaxLength.message).toBe(5000);
  });

  it("read the named fields into one record", () => {
    expect(readEnquiryFields(["email", "message"], (name) => `${name}!`)).toEqual({
      email: "email!",
      message: "message!",
    });
  });
});
