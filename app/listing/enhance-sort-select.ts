/**
 * The listings' 'Sort by' form (`SortSelect`, decision 043): a change of the select submits the
 * form at once (a GET of the listing, its filters kept). Without JavaScript its 'Sort' button
 * does; the stylesheet hides the button once `<html data-enhanced>` says this script runs.
 *
 * @returns the cleanup, which removes the listener.
 */
export function enhanceSortSelect(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const onChange = (event: Event) => {
    if ((event.target as HTMLSelectElement).name === "sort") form.requestSubmit();
  };
  form.addEventListener("change", onChange);
  return () => form.removeEventListener("change", onChange);
}
