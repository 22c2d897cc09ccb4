/**
 * The phone's 'Filters' link above a listing's results (decision 074) on its server HTML: a
 * link to the Advanced Search's anchor, which with JavaScript opens the search as a dialog over
 * the page (the sidebar sits after the results on a phone). The dialog takes the focus, keeps
 * Tab inside it, and closes with its 'Close' button or Escape, giving the focus back to the
 * link. On wide screens the link is hidden and the sidebar shows the search anyway.
 *
 * @returns the cleanup, which removes the listeners.
 */
const openClass = "advanced-search--open";

export function enhanceFiltersToggle(link: HTMLElement): () => void {
  const targetId = link.getAttribute("href")?.replace(/^#/, "") ?? "";
  const section = targetId ? document.getElementById(targetId) : null;
  if (!section) return () => {};

  link.setAttribute("role", "button");
  link.setAttribute("aria-expanded", "false");
  link.setAttribute("aria-controls", targetId);

  const close = document.createElement("button");
  close.type = "button";
  close.className = "advanced-search__close";
  close.textContent = "Close";
  close.hidden = true;
  section.prepend(close);

  const focusables = () =>
    [
      ...section.querySelectorAll<HTMLElement>(
        "button:not([hidden]), input:not([type=hidden]), select, a[href]",
      ),
    ].filter((element) => !element.hasAttribute("disabled"));

  const onKeydown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      hide();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  function show() {
    section?.classList.add(openClass);
    section?.setAttribute("role", "dialog");
    section?.setAttribute("aria-modal", "true");
    document.documentElement.classList.add("filters-open");
    close.hidden = false;
    link.setAttribute("aria-expanded", "true");
    section?.addEventListener("keydown", onKeydown);
    (section?.querySelector<HTMLElement>("input:not([type=hidden]), select") ?? close).focus();
  }

  function hide() {
    section?.classList.remove(openClass);
    section?.removeAttribute("role");
    section?.removeAttribute("aria-modal");
    document.documentElement.classList.remove("filters-open");
    close.hidden = true;
    link.setAttribute("aria-expanded", "false");
    section?.removeEventListener("keydown", onKeydown);
    link.focus();
  }

  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    if (section.classList.contains(openClass)) hide();
    else show();
  };
  const onSpace = (event: KeyboardEvent) => {
    // A link acting as a button answers Space too.
    if (event.key === " ") {
      event.preventDefault();
      show();
    }
  };
  link.addEventListener("click", onClick);
  link.addEventListener("keydown", onSpace);
  close.addEventListener("click", hide);
  return () => {
    link.removeEventListener("click", onClick);
    link.removeEventListener("keydown", onSpace);
    close.removeEventListener("click", hide);
    section.removeEventListener("keydown", onKeydown);
    close.remove();
  };
}
