/** The alert digest names each home with its price as the site shows it (decision 073). */
import { describe, expect, it } from "vitest";
import { buildProperty } from "../../tests/support/factories.ts";
import { buildAlertDigestMail } from "./alert-mail.ts";

const alert = {
  id: 1,
  email: "reader@example.com",
  query: JSON.stringify({ status: "For Rent" }),
  salt: "salt",
  createdAt: "2026-11-28T09:00:00.000Z",
  confirmedAt: "2026-11-28T09:05:00.000Z",
  publishedMark: null,
  lastDigestOn: null,
};
const links = {
  confirm: "https://homes.example.com/alerts/confirm?t=1",
  unsubscribe: "https://homes.example.com/alerts/unsubscribe?t=1",
  manage: "https://homes.example.com/alerts/manage?t=1",
};

describe("the alert digest mail", () => {
  it("says a rent's period after its price, in the text and the HTML, and a sale's price alone", () => {
    const rental = buildProperty({ price: 3450, offer_type: "For Rent", rent_period: "week" });
    const sale = buildProperty({ price: 685000, offer_type: "For Sale" });
    const mail = buildAlertDigestMail(alert, [rental, sale], links, 7, {
      from: "Homes <alerts@homes.example.com>",
      siteUrl: "https://homes.example.com",
    });
    expect(mail.text).toContain(`${rental.headline} ($3,450.00 a week, ${rental.city})`);
    expect(mail.html).toContain("$3,450.00 a week");
    expect(mail.text).toContain(`${sale.headline} ($685,000.00, ${sale.city})`);
  });
});
