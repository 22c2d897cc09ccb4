import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { EnquiryPuzzles, EnquiryResult } from "../../enquiry/enquiry-result.ts";
import { ContactForm } from "./contact-form.tsx";
import { PropertyEnquiryForm } from "./property-enquiry-form.tsx";

const puzzles: EnquiryPuzzles = {
  puzzle: { num1: "2", num2: "7", token: "first.token" },
  spare: { num1: "5", num2: "1", token: "spare.token" },
};

/** The form's markup as shown: its `<template>`s (the script's copies) left out. */
function render(element: React.ReactElement): string {
  return withTemplates(element).replace(/<template\b[\s\S]*?<\/template>/g, "");
}

function withTemplates(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: "/", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} />);
}

/** The opening tag of the control named `name`. */
function controlOf(html: string, name: string): string {
  return html.match(new RegExp(`<(input|select|textarea)[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
}

describe("enquiry forms", () => {
  it("render the fields and the SPEC's message, and no puzzle: the page is the same for every visitor", () => {
    const html = render(<ContactForm />);
    expect(html).not.toContain("What is");
    expect(controlOf(html, "puzzle")).toBe("");
    expect(controlOf(html, "puzzle_token")).toBe("");
    expect(controlOf(html, "fullname")).not.toContain("value=");
    expect(html).toContain(">Hello, I am interested in ...</textarea>");
    expect(controlOf(html, "answer")).toBe("");
    expect(html).toContain('method="post"');
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain('role="alert"');
  });

  it("hide the honeypot from people and from the tab order", () => {
    const html = render(<ContactForm />);
    expect(html).toMatch(
      /<div class="enquiry-form__trap" aria-hidden="true"><label[^>]*>[^<]+<\/label><input[^>]*name="website"/,
    );
    expect(controlOf(html, "website")).toContain('tabindex="-1"');
    expect(controlOf(html, "website")).toContain('autoComplete="off"');
  });

  it("show a post's 'Errors!' alert, highlight the refused fields and take the new puzzle", () => {
    const result: EnquiryResult = {
      outcome: "error",
      httpStatus: 422,
      message: "Please correct the highlighted fields and try again.",
      errors: {
        email: "Please enter valid email address",
        how_you_hear: "This field is required",
        message: "This field is required",
      },
      puzzles: {
        puzzle: { num1: "8", num2: "0", token: "new.token" },
        spare: { num1: "1", num2: "1", token: "new.spare" },
      },
    };
    const html = render(<ContactForm actionData={result} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Errors!</h3> <p");
    expect(html).toContain("Please correct the highlighted fields and try again.");
    expect(html).toContain("<li>Email: Please enter valid email address</li>");
    expect(html).toContain("<li>Subject: This field is required</li>");
    expect(html).toContain('aria-label="Close"');
    const email = controlOf(html, "email");
    expect(email).toContain('aria-invalid="true"');
    const describedBy = email.match(/aria-describedby="([^"]+)"/)?.[1] ?? "";
    expect(html).toContain(
      `id="${describedBy}" class="enquiry-form__error">Please enter valid email address</p>`,
    );
    expect(controlOf(html, "email")).toContain("enquiry-form__control--invalid");
    expect(controlOf(html, "fullname")).not.toContain("aria-invalid");
    // The message box is markup of its own (MessageBox), with the same invalid state.
    const message = controlOf(html, "message");
    expect(message).toContain('aria-invalid="true"');
    expect(message).toContain("enquiry-form__control--invalid");
    const messageError = message.match(/aria-describedby="([^"]+)"/)?.[1] ?? "";
    expect(html).toContain(
      `id="${messageError}" class="enquiry-form__error">This field is required</p>`,
    );
    expect(html).toContain("What is 8 + 0?");
    expect(controlOf(html, "puzzle_token")).toContain('value="new.token"');
  });

  it("show a post's 'Success!' alert with the server's message and reload it in 3 seconds", () => {
    const result: EnquiryResult = {
      outcome: "success",
      httpStatus: 200,
      message: "Thank you for your enquiry.",
      errors: {},
      puzzles,
    };
    const html = render(<PropertyEnquiryForm propertyCode="P-1" actionData={result} />);
    expect(html).toContain(
      'Success!</h3> <p class="enquiry-alert__message">Thank you for your enquiry.</p>',
    );
    expect(html).toContain('http-equiv="refresh" content="3"');
    expect(controlOf(html, "property_code")).toContain('value="P-1"');
    expect(html).toContain("How did you hear about us?");
  });

  it("show a post made without a puzzle again: its puzzle to answer, the fields as typed, no alert", () => {
    const result: EnquiryResult = {
      outcome: "puzzle",
      httpStatus: 200,
      message: "",
      errors: { puzzle: "This field is required" },
      puzzles,
      values: {
        fullname: "Ann Example",
        telephone: "+1 555 0100",
        email: "ann@example.com",
        message: "About the <garden> & more",
        how_you_hear: "Google",
      },
    };
    const html = render(<PropertyEnquiryForm propertyCode="P-1" actionData={result} />);
    expect(html).not.toContain('role="alert"');
    expect(html).toContain("What is 2 + 7?");
    expect(controlOf(html, "puzzle")).toContain('placeholder="2 + 7 =?"');
    expect(controlOf(html, "puzzle")).toContain('aria-invalid="true"');
    expect(controlOf(html, "puzzle_token")).toContain('value="first.token"');
    expect(controlOf(html, "fullname")).toContain('value="Ann Example"');
    expect(controlOf(html, "email")).toContain('value="ann@example.com"');
    expect(html).toContain(">About the &lt;garden&gt; &amp; more</textarea>");
    expect(html).toMatch(/<option value="Google" selected="">Google<\/option>/);
    expect(html).not.toContain("http-equiv");
  });

  it("carry what the script shows as templates of the server's own markup, without ids", () => {
    const html = withTemplates(<ContactForm />);
    const template = (name: string) =>
      html.match(new RegExp(`<template data-template="${name}">([\\s\\S]*?)</template>`))?.[1] ??
      "";
    expect(template("alert")).toContain('<dialog open="" class="enquiry-alert-dialog">');
    expect(template("alert")).toContain('role="alert"');
    // The copy shown gets its dialog's id and the close command from the script.
    expect(template("alert")).toContain('aria-label="Close"><svg');
    // Placeholders only: the page holds no 'Errors!', 'Success!' or puzzle it does not show.
    expect(html).not.toMatch(/Errors!|Success!|What is/);
    expect(template("error")).toBe('<p class="enquiry-form__error">-</p>');
    expect(template("puzzle")).toContain('name="puzzle_token"');
    expect(template("loading")).toBe(
      '<span class="enquiry-form__spinner" aria-hidden="true"></span>Loading...',
    );
    expect(html.match(/<template[\s\S]*<\/template>/)?.[0]).not.toMatch(/\sid="/);
    expect(html).toContain('data-send="/enquiry/send/contact"');
    expect(html).toContain('data-puzzle="/enquiry/puzzle"');
  });
});
