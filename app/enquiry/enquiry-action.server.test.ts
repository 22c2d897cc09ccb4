import { describe, expect, it, vi } from "vitest";
import type { SingleUseStore } from "#app-context";
import type { EnquiryFields } from "../../lib/enquiry-fields.ts";
import type { ContactResult } from "../api/client.server.ts";
import {
  type EnquiryDependencies,
  type EnquirySubmission,
  enquiryRefusals,
  submitEnquiry,
} from "./enquiry-action.server.ts";
import { honeypotFieldName, puzzleTokenFieldName } from "./enquiry-result.ts";
import { issuePuzzle, puzzleTokenTtlMs } from "./puzzle-token.server.ts";

const secret = "action-test-secret-0123456789";
const now = Date.UTC(2026, 5, 1);
const thanks = "Thank you for your enquiry.";

function memoryStore(used = new Set<string>()): SingleUseStore {
  return {
    async use(id) {
      if (used.has(id)) return false;
      used.add(id);
      return true;
    },
    async release(id) {
      used.delete(id);
    },
  };
}

function setup(
  answer: ContactResult = {
    kind: "answer",
    httpStatus: 200,
    answer: { status: 200, message: thanks },
  },
) {
  const addContact = vi.fn(async (_fields: EnquiryFields) => answer);
  const log = vi.fn();
  const dependencies: EnquiryDependencies = {
    api: { addContact },
    puzzleSecret: secret,
    usedPuzzleTokens: memoryStore(),
    now: () => now,
    log,
  };
  return { addContact, log, dependencies };
}

/** A form as the page posts it, with a freshly issued puzzle answered correctly. */
function filledForm(overrides: Record<string, string> = {}) {
  const puzzle = issuePuzzle(secret, now, () => 3);
  const formData = new FormData();
  const values: Record<string, string> = {
    fullname: "Ann Example",
    telephone: "+1 555 0100",
    email: "ann@example.com",
    property_code: "PROP-1",
    message: "Hello, I am interested in ...",
    how_you_hear: "Friend",
    num1: String(puzzle.num1),
    num2: String(puzzle.num2),
    puzzle: "6",
    [puzzleTokenFieldName]: puzzle.token,
    [honeypotFieldName]: "",
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) formData.append(name, value);
  return formData;
}

const property = (formData: FormData | undefined): EnquirySubmission => ({
  form: "property",
  formData,
});

describe("submitEnquiry", () => {
  it("sends the §7 fields, with the digits and their sum from the token, and answers success", async () => {
    const { addContact, dependencies } = setup();
    const result = await submitEnquiry(property(filledForm({ answer: "99" })), dependencies);
    expect(addContact).toHaveBeenCalledWith({
      fullname: "Ann Example",
      telephone: "+1 555 0100",
      email: "ann@example.com",
      property_code: "PROP-1",
      message: "Hello, I am interested in ...",
      how_you_hear: "Friend",
      num1: "3",
      num2: "3",
      answer: "6",
      puzzle: "6",
    });
    expect(result).toMatchObject({
      outcome: "success",
      httpStatus: 200,
      message: thanks,
      errors: {},
    });
    expect(result.puzzles?.puzzle.token).toBeTruthy();
    expect(result.puzzles?.spare.token).not.toBe(result.puzzles?.puzzle.token);
  });

  it("sends no property_code from the contact form, and the page's code when the property form has none", async () => {
    const { addContact, dependencies } = setup();
    await submitEnquiry({ form: "contact", formData: filledForm() }, dependencies);
    expect(addContact.mock.calls[0]?.[0].property_code).toBe("");
    await submitEnquiry(
      {
        form: "property",
        formData: filledForm({ property_code: "" }),
        defaultPropertyCode: "slug-1",
      },
      dependencies,
    );
    expect(addContact.mock.calls[1]?.[0].property_code).toBe("slug-1");
  });

  it("refuses a filled honeypot without calling the API, and logs the reason only", async () => {
    const { addContact, log, dependencies } = setup();
    const result = await submitEnquiry(
      property(filledForm({ [honeypotFieldName]: "http://spam.example" })),
      dependencies,
    );
    expect(result).toMatchObject({
      outcome: "error",
      httpStatus: 400,
      message: enquiryRefusals.honeypot,
    });
    expect(result.puzzles).toBeDefined();
    expect(addContact).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith("enquiry refused (property form): honeypot filled");
    expect(JSON.stringify(log.mock.calls)).not.toContain("ann@example.com");
  });

  it("refuses a replayed token: each puzzle is spent once", async () => {
    const { addContact, log, dependencies } = setup();
    const formData = filledForm();
    expect((await submitEnquiry(property(formData), dependencies)).outcome).toBe("success");
    const replay = await submitEnquiry(property(formData), dependencies);
    expect(replay).toMatchObject({
      outcome: "error",
      httpStatus: 403,
      message: enquiryRefusals.used,
    });
    expect(addContact).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith("enquiry refused (property form): puzzle token replayed");
  });

  it("refuses with a clear message, sending nothing, when the spent-token store is down", async () => {
    const { addContact, log, dependencies } = setup();
    const down = {
      ...dependencies,
      usedPuzzleTokens: {
        use: async () => {
          throw new Error("Connection is closed.");
        },
        release: async () => {},
      },
    };
    const result = await submitEnquiry(property(filledForm()), down);
    expect(result).toMatchObject({
      outcome: "error",
      httpStatus: 503,
      message: enquiryRefusals.unavailable,
    });
    expect(addContact).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith(
      "enquiry refused (property form): spent-token store failed: Connection is closed.",
    );
  });

  it("answers a post without a token (the first, without JavaScript) with a puzzle, the fields as typed, sending nothing", async () => {
    const { addContact, log, dependencies } = setup();
    const formData = filledForm({ [puzzleTokenFieldName]: "", email: "not-an-address" });
    formData.delete(puzzleTokenFieldName);
    const result = await submitEnquiry(property(formData), dependencies);
    expect(result).toMatchObject({
      outcome: "puzzle",
      httpStatus: 200,
      message: "",
      // What the visitor must still correct, and the puzzle to answer.
      errors: { email: "Please enter valid email address", puzzle: "This field is required" },
      values: {
        fullname: "Ann Example",
        telephone: "+1 555 0100",
        email: "not-an-address",
        message: "Hello, I am interested in ...",
        how_you_hear: "Friend",
      },
    });
    expect(Object.keys(result.errors).sort()).toEqual(["email", "puzzle"]);
    expect(result.puzzles?.puzzle.token).toBeTruthy();
    expect(log).toHaveBeenLastCalledWith(
      "enquiry held (property form): no puzzle token yet, a puzzle issued",
    );
    expect(addContact).not.toHaveBeenCalled();

    // The puzzle it answered is good for one post.
    const issued = result.puzzles?.puzzle;
    const second = filledForm({
      num1: issued?.num1 ?? "",
      num2: issued?.num2 ?? "",
      puzzle: String(Number(issued?.num1) + Number(issued?.num2)),
      [puzzleTokenFieldName]: issued?.token ?? "",
    });
    expect(await submitEnquiry(property(second), dependencies)).toMatchObject({
      outcome: "success",
    });
    expect(addContact).toHaveBeenCalledTimes(1);
  });

  it("refuses a forged, mismatched or expired token without calling the API", async () => {
    const { addContact, log, dependencies } = setup();
    const cases: [FormData, string, string][] = [
      [
        filledForm({ [puzzleTokenFieldName]: "eyJuMSI6MX0.forged" }),
        enquiryRefusals.invalid,
        "forged",
      ],
      [filledForm({ num1: "1", puzzle: "4" }), enquiryRefusals.invalid, "mismatch"],
    ];
    for (const [formData, message, reason] of cases) {
      const result = await submitEnquiry(property(formData), dependencies);
      expect(result).toMatchObject({ outcome: "error", httpStatus: 403, message });
      expect(log).toHaveBeenLastCalledWith(
        `enquiry refused (property form): puzzle token ${reason}`,
      );
    }
    const later = { ...dependencies, now: () => now + puzzleTokenTtlMs + 1 };
    expect(await submitEnquiry(property(filledForm()), later)).toMatchObject({
      httpStatus: 403,
      message: enquiryRefusals.expired,
    });
    expect(addContact).not.toHaveBeenCalled();
  });

  it("refuses a body that is not a form", async () => {
    const { addContact, dependencies } = setup();
    expect(await submitEnquiry(property(undefined), dependencies)).toMatchObject({
      httpStatus: 400,
      message: enquiryRefusals.unreadable,
    });
    expect(addContact).not.toHaveBeenCalled();
  });

  it("shows the API's 422 message and field errors, keeping known fields only", async () => {
    const { dependencies } = setup({
      kind: "answer",
      httpStatus: 422,
      answer: {
        status: 422,
        message: "Please correct the highlighted fields and try again.",
        errors: { email: "Please enter valid email address", other: "x" },
      },
    });
    const result = await submitEnquiry(property(filledForm()), dependencies);
    expect(result).toMatchObject({
      outcome: "error",
      httpStatus: 422,
      message: "Please correct the highlighted fields and try again.",
      errors: { email: "Please enter valid email address" },
    });
    expect(result.puzzles).toBeDefined();
  });

  it("shows the API's rate-limit refusal (429) and logs it", async () => {
    const message = "Too many enquiries from your address. Please try again in 1 minute.";
    const { log, dependencies } = setup({
      kind: "answer",
      httpStatus: 429,
      answer: { status: 429, message },
    });
    const result = await submitEnquiry(property(filledForm()), dependencies);
    expect(result).toMatchObject({ outcome: "error", httpStatus: 429, message, errors: {} });
    expect(log).toHaveBeenCalledWith("enquiry refused (property form): rate limit");
  });

  it("keeps no spent token for a request the rate limit refused, so the form can be sent later", async () => {
    const message = "Too many enquiries from your address. Please try again in 1 minute.";
    const { addContact, dependencies } = setup();
    addContact.mockResolvedValueOnce({
      kind: "answer",
      httpStatus: 429,
      answer: { status: 429, message },
    });
    const spent = new Set<string>();
    const withStore = { ...dependencies, usedPuzzleTokens: memoryStore(spent) };
    const formData = filledForm();
    const refused = await submitEnquiry(property(formData), withStore);
    expect(refused).toMatchObject({ outcome: "error", httpStatus: 429 });
    expect(spent.size).toBe(0);
    // Once the limit allows it, the same puzzle goes through, and only then is spent.
    expect((await submitEnquiry(property(formData), withStore)).outcome).toBe("success");
    expect(spent.size).toBe(1);
    expect(addContact).toHaveBeenCalledTimes(2);
  });

  it("shows the network error's message when the API cannot be reached", async () => {
    const { dependencies } = setup({ kind: "network-error", message: "fetch failed" });
    expect(await submitEnquiry(property(filledForm()), dependencies)).toMatchObject({
      outcome: "error",
      httpStatus: 502,
      message: "fetch failed",
    });
  });
});
