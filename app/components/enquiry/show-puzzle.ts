/**
 * Shows an issued puzzle in a form's puzzle field (the server's `PuzzleField` markup), adding
 * the field from the form's `<template data-template="puzzle">` when the page had none (pages
 * carry no puzzle, decision 031). One home for every form that asks the puzzle: the enquiry
 * forms and the search alert form (decision 055's addendum).
 */
import { type IssuedPuzzle, puzzleTokenFieldName } from "../../enquiry/enquiry-result.ts";

/** True when the form has a puzzle to answer (its token field). */
export const formHasPuzzle = (form: HTMLFormElement) =>
  form.elements.namedItem(puzzleTokenFieldName) !== null;

/**
 * @param idPrefix the prefix of the form's control ids: the answer box is `${idPrefix}-puzzle`.
 * @param before where a new field goes (before this element; at the form's end without one).
 */
export function showPuzzle(
  form: HTMLFormElement,
  puzzle: IssuedPuzzle,
  idPrefix: string,
  before: Element | null,
): void {
  const named = form.elements.namedItem("puzzle");
  let answer = named instanceof HTMLInputElement ? named : null;
  let field = answer?.closest<HTMLElement>(".enquiry-form__field");
  if (!answer || !field) {
    const template = form.querySelector<HTMLTemplateElement>('template[data-template="puzzle"]');
    field = (template?.content.cloneNode(true) as DocumentFragment | undefined)
      ?.firstElementChild as HTMLElement | null;
    answer = field?.querySelector<HTMLInputElement>('input[name="puzzle"]') ?? null;
    if (!field || !answer) return;
    answer.id = `${idPrefix}-puzzle`;
    field.querySelector("label")?.setAttribute("for", answer.id);
    if (before) before.before(field);
    else form.append(field);
  }
  const label = field.querySelector("label");
  if (label) label.textContent = `What is ${puzzle.num1} + ${puzzle.num2}?`;
  answer.placeholder = `${puzzle.num1} + ${puzzle.num2} =?`;
  const hidden = (name: string, value: string) => {
    const input = field?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    if (input) input.value = value;
  };
  hidden("num1", puzzle.num1);
  hidden("num2", puzzle.num2);
  hidden(puzzleTokenFieldName, puzzle.token);
}
