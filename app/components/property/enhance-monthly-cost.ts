/**
 * The monthly cost calculator (MonthlyCost) on its server HTML: each change of a field works the
 * payment out again with the server's own functions (lib/monthly-cost.ts) and writes it into
 * the `aria-live="polite"` result, so a screen reader hears the new figure. 'Calculate' still
 * submits the GET form, whose URL the server answers with the same figures.
 *
 * @returns the cleanup, which removes the listener.
 */
import { type CurrencyFormat, defaultCurrency, formatPrice } from "../../../lib/format.ts";
import { monthlyCost, readCostInput } from "../../../lib/monthly-cost.ts";
import { costDetail } from "./cost-text.ts";

function currencyOf(form: HTMLElement): CurrencyFormat {
  try {
    const parsed = JSON.parse(form.dataset.currency ?? "") as CurrencyFormat;
    return typeof parsed.symbol === "string" && Number.isInteger(parsed.decimals)
      ? parsed
      : defaultCurrency;
  } catch {
    return defaultCurrency;
  }
}

export function enhanceMonthlyCost(form: HTMLElement): () => void {
  if (!(form instanceof HTMLFormElement)) return () => {};
  const currency = currencyOf(form);
  const listingPrice = Number(form.dataset.listingPrice ?? "0");
  const monthly = form.querySelector<HTMLElement>("[data-cost='monthly']");
  const detail = form.querySelector<HTMLElement>("[data-cost='detail']");

  const update = () => {
    const values = new FormData(form);
    const cost = monthlyCost(
      readCostInput({ get: (name) => values.get(name)?.toString() }, listingPrice),
    );
    const figure = formatPrice(cost.monthly, currency);
    const line = costDetail(cost, currency);
    // Only a change is written: an unchanged live region says nothing again.
    if (monthly && monthly.textContent !== figure) monthly.textContent = figure;
    if (detail && detail.textContent !== line) detail.textContent = line;
  };
  form.addEventListener("input", update);
  return () => form.removeEventListener("input", update);
}
