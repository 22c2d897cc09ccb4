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

/**
 * The price selects (decision 074): their choices follow the chosen status (only the 'For Sale'
 * or 'For Rent' group; both for 'Any'), and the last touched of a select and its slider thumb
 * decides: a choice moves the thumb (to its end past the slider's range), a moved thumb sets the
 * select back to no bound.
 */
function enhancePrices(form: HTMLFormElement): () => void {
  const status = form.querySelector<HTMLSelectElement>("select[name=status]");
  const selects = [...form.querySelectorAll<HTMLSelectElement>("select.advanced-search__price")];
  if (selects.length === 0) return () => {};
  const thumbOf = (select: HTMLSelectElement) =>
    form.querySelector<HTMLInputElement>(`input[type=range][name="${select.name}"]`);

  const followStatus = () => {
    const chosen = status?.value ?? "";
    for (const select of selects) {
      for (const group of select.querySelectorAll<HTMLOptGroupElement>("optgroup[data-status]")) {
        const off = chosen !== "" && group.dataset.status !== chosen;
        group.hidden = off;
        group.disabled = off;
      }
      if (select.selectedOptions[0]?.disabled) select.value = "";
    }
  };
  const onChange = (event: Event) => {
    const target = event.target;
    if (target === status) followStatus();
    if (target instanceof HTMLSelectElement && selects.includes(target)) {
      const thumb = thumbOf(target);
      if (!thumb) return;
      const end = target.name.startsWith("min") ? thumb.min : thumb.max;
      thumb.value =
        target.value === "" ? end : String(Math.min(Number(target.value), Number(thumb.max)));
      thumb.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (target instanceof HTMLInputElement && target.type === "range") {
      for (const select of selects) if (select.name === target.name) select.value = "";
    }
  };
  form.addEventListener("change", onChange);
  followStatus();
  return () => form.removeEventListener("change", onChange);
}

export function enhanceAdvancedSearch(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const ranges = [...form.querySelectorAll<HTMLElement>(".advanced-search__range")].map(
    enhanceRange,
  );
  const releasePrices = enhancePrices(form);
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const action = new URL(form.action, window.location.href).pathname;
    window.location.assign(withQuery(action, compactSearchParams(new FormData(form))));
  };
  form.addEventListener("submit", onSubmit);
  return () => {
    for (const release of ranges) release();
    releasePrices();
    form.removeEventListener("submit", onSubmit);
  };
}
