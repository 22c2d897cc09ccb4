/**
 * The enquiry forms' script (SPEC §4, §5, §8; decision 043), on the server's HTML of
 * `EnquiryForm`: it reads a puzzle from the puzzle endpoint (the page carries none, decision
 * 031), checks the fields before sending (the SPEC's messages beside them; editing a field clears
 * its error), sends with `fetch` to the JSON endpoint that runs the route action's own code
 * ('Loading...' meanwhile), shows the outcome's 'Success!' / 'Errors!' alert, resets the form
 * with a new puzzle, and reloads the page 3 seconds after success; that reload, and the visitor's
 * own, show the 'Success!' alert again (sent-enquiry.ts). Without it the form posts to its page,
 * which renders the same outcome.
 *
 * What it shows it copies from the form's `<template>`s, rendered by the same components as the
 * server's own alert and errors, so both are the same markup.
 *
 * @returns the cleanup, which removes the listeners and a pending reload.
 */
import { type EnquiryFieldName, enquiryFieldNames } from "../../../lib/enquiry-fields.ts";
import {
  type EnquiryErrors,
  type EnquiryForm,
  validateEnquiry,
} from "../../../lib/enquiry-rules.ts";
import {
  type EnquiryResult,
  fetchEnquiryPuzzles,
  type IssuedPuzzle,
  isIssuedPuzzle,
  sendEnquiry,
} from "../../enquiry/enquiry-result.ts";
import { forgetSentEnquiry, rememberSentEnquiry, sentEnquiryOnReload } from "./sent-enquiry.ts";
import { formHasPuzzle, showPuzzle as showPuzzleField } from "./show-puzzle.ts";

/** SPEC §9: the page reloads 3 seconds after a successful enquiry. */
export const reloadAfterSuccessMs = 3000;

/** The id of a form's alert dialog (one at a time); its heading's is `${id}-title`. */
export const enquiryAlertIdOf = (formId: string) => `${formId}-alert`;

const invalidClass = "enquiry-form__control--invalid";

function parseSpare(text: string | undefined): IssuedPuzzle | undefined {
  try {
    const value: unknown = text ? JSON.parse(text) : undefined;
    return isIssuedPuzzle(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function enhanceEnquiryForm(element: HTMLElement): () => void {
  if (!(element instanceof HTMLFormElement)) return () => {};
  const form = element;
  const kind = (form.dataset.kind === "contact" ? "contact" : "property") satisfies EnquiryForm;
  const labels = JSON.parse(form.dataset.labels ?? "{}") as Record<string, string>;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const submitLabel = submit?.textContent ?? "";
  let spare = parseSpare(form.dataset.spare);
  let sending = false;
  let reloadTimer: number | undefined;
  let current = true;

  const copyOf = (name: string): DocumentFragment => {
    const template = form.querySelector<HTMLTemplateElement>(`template[data-template="${name}"]`);
    return (template?.content.cloneNode(true) as DocumentFragment) ?? new DocumentFragment();
  };
  const control = (name: string): HTMLElement | null => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLElement && (element as HTMLInputElement).type !== "hidden"
      ? element
      : null;
  };
  const hasPuzzle = () => formHasPuzzle(form);
  /** The prefix of the controls' ids (`EnquiryFields`' idPrefix). */
  const idPrefix = () => control("fullname")?.id.replace(/-fullname$/, "") ?? form.id;

  function setError(name: EnquiryFieldName, message: string | undefined) {
    const element = control(name);
    if (!element) return;
    const errorId = `${element.id}-error`;
    const shown = form.querySelector<HTMLElement>(`[id="${errorId}"]`);
    if (!message) {
      element.removeAttribute("aria-invalid");
      element.removeAttribute("aria-describedby");
      element.classList.remove(invalidClass);
      shown?.remove();
      return;
    }
    element.setAttribute("aria-invalid", "true");
    element.setAttribute("aria-describedby", errorId);
    element.classList.add(invalidClass);
    if (shown) {
      shown.textContent = message;
      return;
    }
    const error = copyOf("error").firstElementChild as HTMLElement | null;
    if (!error) return;
    error.id = errorId;
    error.textContent = message;
    // After the control (the message box sits in a wrapper of its own).
    (element.closest(".enquiry-form__message") ?? element).after(error);
  }

  function showErrors(errors: EnquiryErrors) {
    for (const name of enquiryFieldNames) setError(name, errors[name]);
  }

  const showPuzzle = (puzzle: IssuedPuzzle) =>
    showPuzzleField(form, puzzle, idPrefix(), form.querySelector(".enquiry-form__trap"));

  const removeAlert = () => form.querySelector(":scope > .enquiry-form__alert")?.remove();

  function showAlert(result: EnquiryResult) {
    removeAlert();
    const wrapper = copyOf("alert").firstElementChild as HTMLElement | null;
    const dialog = wrapper?.querySelector("dialog");
    if (!wrapper || !dialog) return;
    const id = enquiryAlertIdOf(form.id);
    const kindOf = result.outcome === "success" ? "success" : "error";
    dialog.id = id;
    dialog.setAttribute("aria-labelledby", `${id}-title`);
    const title = dialog.querySelector("h3");
    if (title) {
      title.id = `${id}-title`;
      title.textContent = kindOf === "success" ? "Success!" : "Errors!";
    }
    dialog
      .querySelector(".enquiry-alert")
      ?.setAttribute("class", `enquiry-alert enquiry-alert--${kindOf}`);
    const message = dialog.querySelector(".enquiry-alert__message");
    if (result.message && message) message.textContent = result.message;
    else message?.remove();
    const list = dialog.querySelector(".enquiry-alert__list");
    const item = list?.firstElementChild;
    const errors = Object.entries(result.errors) as [EnquiryFieldName, string][];
    if (list && item && errors.length > 0) {
      list.replaceChildren(
        ...errors.map(([name, text]) => {
          const each = item.cloneNode() as HTMLElement;
          each.textContent = `${labels[name] ?? name}: ${text}`;
          return each;
        }),
      );
    } else list?.remove();
    const close = dialog.querySelector(".enquiry-alert__close");
    close?.setAttribute("commandfor", id);
    close?.setAttribute("command", "close");
    form.prepend(wrapper);
    // Bring the alert into view: the visitor is at the button, the alert above the fields.
    wrapper.querySelector(".enquiry-alert")?.scrollIntoView?.({ block: "nearest" });
  }

  function showSending(on: boolean) {
    sending = on;
    if (!submit) return;
    submit.disabled = on;
    if (on) submit.replaceChildren(copyOf("loading"));
    else submit.textContent = submitLabel;
  }

  function valuesOf(): Partial<Record<EnquiryFieldName, string>> {
    const formData = new FormData(form);
    const values: Partial<Record<EnquiryFieldName, string>> = {};
    for (const name of enquiryFieldNames) {
      const value = formData.get(name);
      if (typeof value === "string") values[name] = value;
    }
    return values;
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    const errors = validateEnquiry(valuesOf(), kind);
    // No puzzle to answer yet (the endpoint could not be read): the post brings one.
    if (!hasPuzzle()) delete errors.puzzle;
    removeAlert();
    showErrors(errors);
    const invalid = enquiryFieldNames.find((name) => errors[name]);
    if (invalid) {
      control(invalid)?.focus();
      return;
    }
    forgetSentEnquiry();
    showSending(true);
    const result = await sendEnquiry(form.dataset.send ?? form.action, new FormData(form));
    if (!current) return;
    showSending(false);
    // SPEC §4: a new puzzle after any outcome; the spare when the server was not reached.
    const next = result.puzzles?.puzzle ?? spare;
    spare = result.puzzles?.spare;
    // A post without a puzzle keeps what the visitor typed: they answer the puzzle and send.
    if (result.outcome !== "puzzle") form.reset();
    if (next) showPuzzle(next);
    showErrors(result.errors);
    if (result.outcome !== "puzzle") showAlert(result);
    if (result.outcome === "success") {
      rememberSentEnquiry(form.id, result.message);
      reloadTimer = window.setTimeout(() => window.location.reload(), reloadAfterSuccessMs);
    }
  }

  // SPEC §4: editing a field clears that field's error.
  const onInput = (event: Event) => {
    const name = (event.target as HTMLInputElement).name as EnquiryFieldName;
    if (enquiryFieldNames.includes(name) && control(name)?.hasAttribute("aria-invalid")) {
      setError(name, undefined);
    }
  };

  // The alert's Close button: the browser closes its dialog itself (an invoker command); the
  // script takes the alert away, as it does for browsers without the command.
  const onClick = (event: MouseEvent) => {
    const close = (event.target as Element).closest(".enquiry-alert__close");
    if (!close || !form.contains(close)) return;
    close.closest(".enquiry-form__alert")?.remove();
    forgetSentEnquiry();
  };

  form.addEventListener("submit", onSubmit);
  form.addEventListener("input", onInput);
  form.addEventListener("click", onClick);

  // The success this page showed before a reload stays until the visitor moves on; no second
  // reload (the reload has happened).
  const sentMessage = sentEnquiryOnReload(form.id);
  if (sentMessage !== undefined) {
    showAlert({ outcome: "success", httpStatus: 200, message: sentMessage, errors: {} });
  }

  if (!hasPuzzle() && form.dataset.puzzle) {
    fetchEnquiryPuzzles(form.dataset.puzzle).then((fetched) => {
      if (!current || !fetched || hasPuzzle()) return;
      showPuzzle(fetched.puzzle);
      spare = fetched.spare;
    });
  }

  return () => {
    current = false;
    window.clearTimeout(reloadTimer);
    form.removeEventListener("submit", onSubmit);
    form.removeEventListener("input", onInput);
    form.removeEventListener("click", onClick);
  };
}
