/**
 * 'Recently viewed' on the server HTML (decision 077). The property page remembers its home;
 * the list shows the other remembered homes from the cards of the shortlist page of their codes
 * (`/shortlist?codes=…`, read through the §7 client and kept by the page cache per list,
 * decisions 028 and 047), so prices and photos are current and nothing but the codes is kept.
 * A home that page reports as no longer available is forgotten. 'Clear' empties the list.
 */
import { shortlistPath } from "../../../lib/property-codes.ts";
import { enhanceImage } from "../enhance-image.ts";
import {
  clearRecentlyViewed,
  forgetViewed,
  type RecentStorage,
  readRecentlyViewed,
  rememberViewed,
} from "./recently-viewed-store.ts";

/** A home's card as the shortlist page renders it, read for the compact card. */
export interface RecentCard {
  code: string;
  href: string;
  headline: string;
  price: string;
  src: string | null;
  srcset: string | null;
}

const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();

/**
 * The cards of a shortlist page's HTML, in its order, and the codes it lists as no longer
 * available.
 */
export function readShortlistCards(html: string): { cards: RecentCard[]; gone: string[] } {
  const page = new DOMParser().parseFromString(html, "text/html");
  const cards: RecentCard[] = [];
  for (const card of page.querySelectorAll(".shortlist__item article.property-card")) {
    const code = card.querySelector<HTMLElement>("[data-code]")?.dataset.code;
    const link = card.querySelector(".property-card__link");
    const href = link?.getAttribute("href");
    if (!code || !href) continue;
    const image = card.querySelector(".property-card__image");
    cards.push({
      code,
      href,
      headline: clean(link?.textContent),
      price: clean(card.querySelector(".property-card__price")?.textContent),
      src: image?.getAttribute("src") ?? null,
      srcset: image?.getAttribute("srcset") ?? null,
    });
  }
  const gone = [...page.querySelectorAll<HTMLElement>("[data-missing-code]")].map(
    (missing) => missing.dataset.missingCode ?? "",
  );
  return { cards, gone };
}

function browserStorage(): RecentStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The section (`RecentlyViewed`): remembers its `data-current-code` when `data-remember`, then
 * shows the other remembered homes, if any are still on the market.
 */
export async function enhanceRecentlyViewed(section: HTMLElement): Promise<void> {
  const storage = browserStorage();
  const list = section.querySelector<HTMLElement>("[data-recent-list]");
  const template = section.querySelector<HTMLTemplateElement>(
    'template[data-template="viewed-card"]',
  );
  const clear = section.querySelector<HTMLButtonElement>("[data-recent-clear]");
  const status = section.querySelector<HTMLElement>("[data-recent-status]");
  if (!storage || !list || !template || !clear) return;
  const current = section.dataset.currentCode;
  if (current && section.dataset.remember === "true") rememberViewed(storage, current);
  const codes = readRecentlyViewed(storage).filter((code) => code !== current);
  if (codes.length === 0) return;

  let found: { cards: RecentCard[]; gone: string[] };
  try {
    const response = await fetch(shortlistPath(codes), { headers: { accept: "text/html" } });
    if (!response.ok) return;
    found = readShortlistCards(await response.text());
  } catch {
    return;
  }
  if (found.gone.length > 0) forgetViewed(storage, found.gone);
  if (found.cards.length === 0) return;

  list.replaceChildren(...found.cards.map((card) => cardElement(template, card)));
  // In the document now, so a picture that fails falls back as the server's do.
  for (const image of list.querySelectorAll<HTMLImageElement>("img[data-fallback]")) {
    enhanceImage(image);
  }
  clear.addEventListener("click", () => {
    clearRecentlyViewed(storage);
    list.replaceChildren();
    clear.hidden = true;
    if (status) status.textContent = "Your recently viewed homes are cleared.";
    // The button leaves; focus stays in the section, on its heading.
    section.querySelector<HTMLElement>("h2")?.focus();
  });
  section.hidden = false;
}

function cardElement(template: HTMLTemplateElement, card: RecentCard): Node {
  const item = template.content.cloneNode(true) as DocumentFragment;
  const link = item.querySelector<HTMLAnchorElement>(".viewed-card__link");
  const title = item.querySelector(".viewed-card__title");
  const price = item.querySelector(".viewed-card__price");
  const image = item.querySelector<HTMLImageElement>(".viewed-card__image");
  if (link) {
    link.href = card.href;
    link.dataset.code = card.code;
  }
  if (title) title.textContent = card.headline;
  if (price) price.textContent = card.price;
  if (image && card.src) {
    // srcset before src, as ResponsiveImage has it; the card is 160 px wide at most.
    if (card.srcset) {
      image.setAttribute("srcset", card.srcset);
      image.sizes = "160px";
    }
    image.src = card.src;
  }
  return item;
}
