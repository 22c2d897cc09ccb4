/**
 * The header's mobile menu on its rendered HTML (SiteHeader), with or without React (decision
 * 021). The menu opens and closes without JavaScript: the button is the navigation's popover
 * invoker, so the browser toggles it, closes it on Escape (focus back on the button) or a click
 * outside. This adds what the browser does not do:
 * - the button's `aria-expanded`, kept to the menu's state;
 * - closing once focus moves on past the header: the open menu lies over the page and must
 *   hide nothing focused below it (WCAG 2.2 2.4.11);
 * - closing once the button hides (a window widened past the desktop width, a tablet turned),
 *   where the navigation goes back into the header row;
 * - where CSS anchor positioning is missing, placing the open menu under the header by hand.
 *
 * @returns the cleanup, which removes the listeners.
 */
export function enhanceMenu(header: HTMLElement): () => void {
  const button = header.querySelector<HTMLElement>("button[popovertarget]");
  const menu = header.querySelector<HTMLElement>("[popover]");
  if (!button || !menu) return () => {};
  const anchored = CSS.supports("top", "anchor(bottom)");

  const onBeforeToggle = (event: Event) => {
    const open = (event as ToggleEvent).newState === "open";
    button.setAttribute("aria-expanded", String(open));
    if (open && !anchored) menu.style.top = `${header.getBoundingClientRect().bottom}px`;
  };
  const onFocusIn = (event: FocusEvent) => {
    if (!header.contains(event.target as Node | null) && menu.matches(":popover-open")) {
      menu.hidePopover();
    }
  };

  const buttonResized = new ResizeObserver(() => {
    if (button.getClientRects().length === 0 && menu.matches(":popover-open")) menu.hidePopover();
  });

  menu.addEventListener("beforetoggle", onBeforeToggle);
  document.addEventListener("focusin", onFocusIn);
  buttonResized.observe(button);
  button.setAttribute("aria-expanded", String(menu.matches(":popover-open")));
  return () => {
    menu.removeEventListener("beforetoggle", onBeforeToggle);
    document.removeEventListener("focusin", onFocusIn);
    buttonResized.disconnect();
  };
}

/** Closes the header's menu if it is open (React's client-side navigation does). */
export function closeMenu(header: HTMLElement) {
  const menu = header.querySelector<HTMLElement>("[popover]");
  if (menu?.matches(":popover-open")) menu.hidePopover();
}
