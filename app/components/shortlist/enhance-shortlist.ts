/**
 * The shortlist's behaviours on the server HTML (decision 047), with or without React (decision
 * 021): the heart buttons, the header's count, the shortlist page's move to the stored list,
 * and the compare form's limit. The server renders every one in its no-script state (hearts and
 * the header link hidden, nothing pressed), the same for every visitor (decision 031).
 */

import { comparePath, maxCompareCodes, shortlistPath } from "../../../lib/property-codes.ts";
import { sendFigure } from "../figures/send-figure.ts";
import {
  countText,
  onShortlistChange,
  readShortlist,
  shortlistAvailable,
  toggleShortlisted,
} from "./shortlist-store.ts";

const none = () => {};

/**
 * A control this browser cannot use (no site storage) gives up the room the style sheet keeps
 * for it while scripts run. An inline style, not removal: React may own the node.
 */
function giveUpRoom(control: HTMLElement): () => void {
  control.style.display = "none";
  return none;
}

/**
 * A heart (`<button data-code aria-label hidden>`): shown, pressed while its property is on the
 * shortlist, and a press adds or removes it. Stays hidden where the browser keeps no storage.
 * @returns the cleanup.
 */
export function enhanceShortlistToggle(button: HTMLElement): () => void {
  const code = button.dataset.code;
  if (!code) return none;
  if (!shortlistAvailable()) return giveUpRoom(button);
  const name = button.dataset.name || code;
  const show = (codes: readonly string[]) =>
    button.setAttribute("aria-pressed", String(codes.includes(code)));
  const onClick = (event: Event) => {
    event.preventDefault();
    // A shortlist add is one of the listing's figures (decision 099).
    if (toggleShortlisted(code, name) === "added") sendFigure(code, "shortlist");
  };
  show(readShortlist());
  button.hidden = false;
  button.addEventListener("click", onClick);
  const stop = onShortlistChange(({ codes }) => show(codes));
  return () => {
    button.removeEventListener("click", onClick);
    stop();
  };
}

/**
 * The header's shortlist link and its polite status: the link shows, counts the stored codes
 * and leads to their shareable page; each change is announced in the status.
 * @returns the cleanup.
 */
export function enhanceShortlistCount(container: HTMLElement): () => void {
  const link = container.querySelector<HTMLAnchorElement>("a[data-shortlist-link]");
  const count = container.querySelector<HTMLElement>("[data-shortlist-count]");
  const unit = container.querySelector<HTMLElement>("[data-shortlist-unit]");
  const status = container.querySelector<HTMLElement>("[data-shortlist-status]");
  if (!link || !count) return none;
  if (!shortlistAvailable()) return giveUpRoom(link);
  const show = (codes: readonly string[]) => {
    count.textContent = String(codes.length);
    link.href = shortlistPath(codes);
    if (unit) unit.textContent = codes.length === 1 ? " property" : " properties";
  };
  show(readShortlist());
  link.hidden = false;
  return onShortlistChange(({ codes, message }) => {
    show(codes);
    if (status) status.textContent = message ?? countText(codes.length);
  });
}

/**
 * The shortlist page without codes in its address: with a stored shortlist, moves to that
 * list's shareable address (replacing this one in the history). Hides the note that keeping a
 * shortlist needs JavaScript (or says the browser's storage is off).
 */
export function enhanceShortlistPage(page: HTMLElement): () => void {
  const note = page.querySelector<HTMLElement>("[data-shortlist-no-script]");
  if (!shortlistAvailable()) {
    if (note) note.textContent = "This browser keeps no shortlist: its site storage is off.";
    return none;
  }
  if (note) note.hidden = true;
  if (new URLSearchParams(window.location.search).has("codes")) return none;
  const codes = readShortlist();
  if (codes.length > 0) window.location.replace(shortlistPath(codes));

  return none;
}

/** What a refused fifth tick says beside its own checkbox. */
const compareLimitMessage = `You can compare up to ${maxCompareCodes} properties at a time. Untick one to choose another.`;

/**
 * The shortlist's compare form: a fifth tick is refused where it is pressed (the box stays
 * unticked, focus stays on it, and the message appears in the live note beside it, which the
 * box names as its description), and sending fewer than two is held with a message. Without
 * JavaScript the shortlist's CSS shows a note beside each tick past the fourth, and the compare
 * page compares the first four and says which it left out.
 * @returns the cleanup.
 */
export function enhanceCompareForm(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const status = form.querySelector<HTMLElement>("[data-compare-status]");
  const boxes = () =>
    form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="codes"]');
  const ticked = () => [...boxes()].filter((box) => box.checked);
  const say = (message: string) => {
    if (status) status.textContent = message;
  };
  const noteOf = (box: Element) =>
    box.closest(".shortlist__item")?.querySelector<HTMLElement>("[data-compare-note]");
  const clearNotes = () => {
    for (const box of boxes()) {
      const note = noteOf(box);
      if (note) note.textContent = "";
    }
  };
  // On click, before the change: a cancelled click leaves a checkbox as it was, so the fifth
  // tick is refused, not made and then undone (no change event announces a tick that never
  // counted).
  const onClick = (event: MouseEvent) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || box.name !== "codes") return;
    clearNotes();
    say("");
    // The click has already toggled the box: checked now means the visitor is ticking it.
    if (box.checked && ticked().length > maxCompareCodes) {
      event.preventDefault();
      const note = noteOf(box);
      if (note) note.textContent = compareLimitMessage;
    }
  };
  const onSubmit = (event: SubmitEvent) => {
    const codes = ticked().map((box) => box.value);
    event.preventDefault();
    if (codes.length < 2) {
      say(`Tick two to ${maxCompareCodes} properties to compare them.`);
      return;
    }
    window.location.assign(comparePath(codes));
  };
  form.addEventListener("click", onClick);
  form.addEventListener("submit", onSubmit);
  return () => {
    form.removeEventListener("click", onClick);
    form.removeEventListener("submit", onSubmit);
  };
}
