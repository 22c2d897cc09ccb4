/**
 * An accordion (APG: buttons with `aria-expanded` in headings, each controlling its panel) on
 * rendered HTML, such as the FAQ's (decision 043): a question's button opens or closes its
 * answer; several may be open at once.
 *
 * @returns the cleanup, which removes the listener.
 */
export function enhanceAccordion(accordion: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>("button[aria-expanded]");
    if (!button || !accordion.contains(button)) return;
    const expanded = button.getAttribute("aria-expanded") !== "true";
    button.setAttribute("aria-expanded", String(expanded));
    const panelId = button.getAttribute("aria-controls");
    const panel = panelId ? document.getElementById(panelId) : null;
    if (panel) panel.hidden = !expanded;
  };
  accordion.addEventListener("click", onClick);
  return () => accordion.removeEventListener("click", onClick);
}
