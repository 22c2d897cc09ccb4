/**
 * The search alert form's script (decision 055's addendum), on the server's HTML of
 * `AlertForm`: it reads a puzzle from the enquiry forms' puzzle endpoint (the page carries none,
 * decision 031) and shows it in the form's puzzle field, as the enquiry forms do. The form still
 * posts to /alerts itself; without the script, or when the read failed, the first post is
 * answered with a puzzle.
 *
 * @returns the cleanup: a puzzle read after it is not shown.
 */
import { fetchEnquiryPuzzles } from "../../enquiry/enquiry-result.ts";
import { formHasPuzzle, showPuzzle } from "../enquiry/show-puzzle.ts";

export function enhanceAlertForm(element: HTMLElement): () => void {
  if (!(element instanceof HTMLFormElement)) return () => {};
  const form = element;
  let current = true;
  if (!formHasPuzzle(form) && form.dataset.puzzle) {
    fetchEnquiryPuzzles(form.dataset.puzzle).then((fetched) => {
      if (!current || !fetched || formHasPuzzle(form)) return;
      showPuzzle(
        form,
        fetched.puzzle,
        form.dataset.idPrefix ?? form.id,
        form.querySelector(".alert-form__trap"),
      );
    });
  }
  return () => {
    current = false;
  };
}
