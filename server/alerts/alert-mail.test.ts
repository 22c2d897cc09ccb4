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

describe("the alert digest's homes (decision 078)", () => {
  const options = {
    from: '"Acme Homes" <alerts@homes.example.com>',
    siteUrl: "https://homes.example.com",
    imageBaseUrl: "/images",
  };

  it("shows each home's photo, as an absolute link the mail client can load", () => {
    const home = buildProperty({ cover_image: "front door.webp" });
    const mail = buildAlertDigestMail(alert, [home], links, 8, options);
    expect(mail.html).toContain(
      `<img src="https://homes.example.com/images/property/front%20door.webp" alt="${home.headline}"`,
    );
    const cdn = buildAlertDigestMail(alert, [home], links, 8, {
      ...options,
      imageBaseUrl: "https://cdn.example.net/img/",
    });
    expect(cdn.html).toContain('src="https://cdn.example.net/img/property/front%20door.webp"');
    const none = buildAlertDigestMail(
      alert,
      [buildProperty({ cover_image: "" })],
      links,
      8,
      options,
    );
    expect(none.html).not.toContain("<img");
  });

  it("says a taken home's status (Sold STC, Under offer), and nothing for an available one", () => {
    const taken = buildProperty({
      availability: "sold_stc",
      offer_type: "For Sale",
      price: 500000,
    });
    const offer = buildProperty({ availability: "under_offer" });
    const open = buildProperty({ availability: "available", price: 1200, offer_type: "For Rent" });
    const mail = buildAlertDigestMail(alert, [taken, offer, open], links, 9, options);
    expect(mail.text).toContain(`${taken.headline} ($500,000.00, Sold STC, ${taken.city})`);
    expect(mail.text).toContain(`${offer.headline} (`);
    expect(mail.text).toContain("Under offer");
    expect(mail.html).toContain("Sold STC");
    expect(mail.text).toContain(`${open.headline} ($1,200.00 a month, ${open.city})`);
    expect(mail.text).not.toContain("Available");
  });

  it("is sent under the name it is given (the company's)", () => {
    const mail = buildAlertDigestMail(alert, [buildProperty()], links, 10, options);
    expect(mail.from).toBe('"Acme Homes" <alerts@homes.example.com>');
  });
});
