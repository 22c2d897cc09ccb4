/**
 * The browser side of a deferred hydration (app/defer-hydration.server.ts, decision 023): when
 * React Router's scripts start, and what happens to a visitor's clicks, keys and posts before
 * React has taken over. `deferHydration` puts this function's source into the page, so it must stay
 * self-contained: no imports, no outer variables, plain browser APIs.
 *
 * - **When**: once the window has loaded and painted (the largest image has then painted), or
 *   at once when the visitor starts to interact (a pointer, a key, a focus), whichever comes
 *   first.
 * - **Before React**: links, GET forms and the menu's popover work as plain HTML. Clicks on
 *   buttons only React handles (a tab, a thumbnail, an accordion) and arrow, Home and End keys
 *   on such buttons (the tabs' and the thumbnail strip's keyboard moves) are remembered and
 *   replayed, in order, once the page has hydrated. A POST form (the enquiry forms) waits for
 *   React, so it gets the same client-side checks, 'Loading...' and alerts as later posts;
 *   should React not take over within `postFallbackMs`, the form is posted as plain HTML
 *   instead, so an enquiry is never dropped.
 * - **Hydrated** means React has committed the page: the root sets `data-hydrated` on
 *   `<html>` (app/root.tsx).
 */
export function gateHydration(hydrate: () => Promise<unknown>, postFallbackMs = 8000): void {
  const root = document.documentElement;
  const reactButton = 'button[type="button"]:not([popovertarget])';
  const intents = ["pointerdown", "keydown", "focusin", "touchstart"];
  const movingKeys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"];
  let started = false;
  /** What React would have done, to replay once it has hydrated (a few at most). */
  const replays: (() => void)[] = [];
  let posted: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;

  const start = () => {
    if (started) return;
    started = true;
    for (const type of intents) removeEventListener(type, start, true);
    hydrate().then(
      // React now listens, and replays what happens while it hydrates by itself.
      stopListening,
      // A failed download leaves the page as plain HTML: a waiting post goes out as such.
      () => {
        stopListening();
        postNatively();
      },
    );
  };

  const stopListening = () => {
    removeEventListener("click", onClick, true);
    removeEventListener("keydown", onKeyDown, true);
    removeEventListener("submit", onSubmit, true);
  };

  const remember = (replay: () => void) => {
    if (replays.length < 10) replays.push(replay);
  };

  /** The waiting post, if any, which no longer waits. */
  const takePost = () => {
    const waiting = posted;
    posted = undefined;
    clearTimeout(fallback);
    return waiting;
  };

  const postNatively = () => {
    const waiting = takePost();
    // submit() skips the submit event (and with it any handler); the form's fields go as they are.
    if (waiting) HTMLFormElement.prototype.submit.call(waiting.form);
  };

  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest(reactButton) : null;
    if (button instanceof HTMLElement) remember(() => button.isConnected && button.click());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const button = event.target instanceof Element ? event.target.closest(reactButton) : null;
    if (!button || !movingKeys.includes(event.key)) return;
    const { key } = event;
    remember(() => {
      if (!button.isConnected) return;
      button.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    });
  };

  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.method !== "post") return;
    event.preventDefault();
    posted = { form, submitter: event.submitter };
    clearTimeout(fallback);
    fallback = setTimeout(postNatively, postFallbackMs);
    start();
  };

  /** One replay a task, so React renders each before the next (a key reads the tab a click chose). */
  const replayInOrder = () => {
    const replay = replays.shift();
    if (replay) {
      replay();
      setTimeout(replayInOrder, 0);
    } else {
      const waiting = takePost();
      if (!waiting?.form.isConnected) return;
      const { form, submitter } = waiting;
      const button = submitter instanceof HTMLButtonElement && submitter.form === form;
      form.requestSubmit(button ? submitter : null);
    }
  };

  const whenHydrated = () => {
    if (root.dataset.hydrated !== "true") return false;
    stopListening();
    replayInOrder();
    return true;
  };

  addEventListener("click", onClick, true);
  addEventListener("keydown", onKeyDown, true);
  addEventListener("submit", onSubmit, true);
  for (const type of intents) addEventListener(type, start, true);
  if (!whenHydrated()) {
    new MutationObserver((_records, observer) => {
      if (whenHydrated()) observer.disconnect();
    }).observe(root, { attributes: true, attributeFilter: ["data-hydrated"] });
  }

  // After the load event, a frame and a task: the page has painted. A hidden tab paints no
  // frames, so that wait is bounded.
  const afterPaint = () => {
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 250);
  };
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
}
