/**
 * The Advanced Search form (`AdvancedSearch`, decision 043) on its server HTML: each two-thumb
 * slider keeps its lower thumb at or below the upper one, shows the range in its read-out and in
 * the thumbs' `aria-valuetext`, fills the track between the thumbs and puts the lower thumb on
 * top once it sits in the upper half; a submission goes to a compact URL (no "any" values, no
 * slider ends). Without JavaScript the browser sends every field and the loader reads them the
 * same way.
 *
 * @returns the cleanup, which removes the listeners.
 */
import { compactSearchParams, withQuery } from "../../listing/listing-search.ts";

const number = new Intl.NumberFormat("en-US");

/** The read-out of a slider value: '$50,000' for a price (`data-prefix="$"`), '1,200' else. */
const formatOf = (range: HTMLElement) => (value: number) =>
  `${range.dataset.prefix ?? ""}${number.format(value)}`;

function enhanceRange(range: HTMLElement): () => void {
  const low = range.querySelector<HTMLInputElement>(".advanced-search__slider--low");
  const high = range.querySelector<HTMLInputElement>(".advanced-search__slider--high");
  const output = range.querySelector("output");
  const pair = range.querySelector<HTMLElement>(".advanced-search__slider-pair");
  if (!low || !high || !output || !pair) return () => {};
  const format = formatOf(range);
  const unit = range.dataset.unit ?? "";
  const min = Number(low.min);
  const max = Number(low.max);
  const span = max - min;
  const percent = (value: number) => `${((value - min) / span) * 100}%`;

  const show = () => {
    const from = Number(low.value);
    const to = Number(high.value);
    const highText = `${format(to)}${to >= max ? "+" : ""}`;
    output.textContent = `${format(from)} – ${highText}${unit}`;
    low.setAttribute("aria-valuetext", `${format(from)}${unit}`);
    high.setAttribute("aria-valuetext", `${highText}${unit}`);
    pair.style.setProperty("--range-from", percent(from));
    pair.style.setProperty("--range-to", percent(to));
    pair.classList.toggle("advanced-search__slider-pair--low-on-top", from > min + span / 2);
  };
  const onInput = (event: Event) => {
    if (event.target === low) low.value = String(Math.min(Number(low.value), Number(high.value)));
    if (event.target === high) high.value = String(Math.max(Number(high.value), Number(low.value)));
    show();
  };
  range.addEventListener("input", onInput);
  // Values the browser restored into the sliders (a reload) show at once.
  show();
  return () => range.removeEventListener("input", onInput);
}

export function enhanceAdvancedSearch(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const ranges = [...form.querySelectorAll<HTMLElement>(".advanced-search__range")].map(
    enhanceRange,
  );
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const action = new URL(form.action, window.location.href).pathname;
    window.location.assign(withQuery(action, compactSearchParams(new FormData(form))));
  };
  form.addEventListener("submit", onSubmit);
  return () => {
    for (const release of ranges) release();
    form.removeEventListener("submit", onSubmit);
  };
}
