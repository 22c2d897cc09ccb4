import { describe, expect, it } from "vitest";
import {
  enquiryFieldMaxLength,
  enquiryFieldNames,
  readEnquiryFields,
  storedEnquiryFieldsOf,
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

  it("keep a stored enquiry's fields and its null property code, and drop any other key", () => {
    const fields = Object.fromEntries(enquiryFieldNames.map((name) => [name, `${name}-value`]));
    const stored = storedEnquiryFieldsOf({
      ...(fields as Record<(typeof enquiryFieldNames)[number], string>),
      property_code: null,
      ip: "192.0.2.1",
    } as Parameters<typeof storedEnquiryFieldsOf>[0]);
    expect(Object.keys(stored)).toEqual(enquiryFieldNames);
    expect(stored.property_code).toBeNull();
    expect(stored.message).toBe("message-value");
  });
});
