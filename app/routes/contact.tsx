import { ContactForm } from "../components/enquiry/contact-form.tsx";
import { mailtoHref, telHref, websiteHref } from "../components/frame/contact-links.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { Icon } from "../components/icons.tsx";
import { enquiryAction } from "../enquiry/enquiry-action.server.ts";
import { routeMeta } from "../seo/meta.ts";
import { useProfile } from "../store/records.ts";
import enquiryCss from "../styles/enquiry.css?url";
import type { Route } from "./+types/contact";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: enquiryCss }];

/** The contact form posts here; the enquiry goes to the API from the server. */
export function action(args: Route.ActionArgs) {
  return enquiryAction(args, "contact");
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Contact us",
    description:
      "Call, e-mail or visit our office, or send us a message. Opening hours: Monday to Saturday 10 AM - 8 PM; Sunday closed.",
    canonicalPath: "/contact",
  });

/** SPEC §9: opening hours. */
const openingHours = [
  { days: "Monday to Saturday", hours: "10 AM - 8 PM" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** SPEC §2 /contact: the profile's contact details, the contact form, the opening hours. */
export default function Contact({ actionData }: Route.ComponentProps) {
  const profile = useProfile();
  const website = websiteHref(profile.website);
  return (
    <>
      <PageBanner title="Contact us" />
      <section className="section" aria-label="Get in touch">
        <div className="container contact">
          <div className="contact__info">
            <h2 className="contact__heading">Get in touch</h2>
            <p className="contact__intro">
              Questions about a property, a valuation or our services? Call, write or drop by: we
              answer within one working day.
            </p>
            <ul className="contact__details">
              <li className="contact__detail">
                <span className="contact__icon">
                  <Icon name="mapPin" />
                </span>
                <div>
                  <h3 className="contact__label">Office Address</h3>
                  <p className="contact__value">{profile.address}</p>
                </div>
              </li>
              <li className="contact__detail">
                <span className="contact__icon">
                  <Icon name="phone" />
                </span>
                <div>
                  <h3 className="contact__label">Phone</h3>
                  <p className="contact__value">
                    {profile.telephone ? (
                      <a href={telHref(profile.telephone)}>{profile.telephone}</a>
                    ) : null}
                  </p>
                </div>
              </li>
              <li className="contact__detail">
                <span className="contact__icon">
                  <Icon name="mail" />
                </span>
                <div>
                  <h3 className="contact__label">Email Address</h3>
                  <p className="contact__value">
                    {profile.email_address ? (
                      <a href={mailtoHref(profile.email_address)}>{profile.email_address}</a>
                    ) : null}
                  </p>
                </div>
              </li>
              <li className="contact__detail">
                <span className="contact__icon">
                  <Icon name="globe" />
                </span>
                <div>
                  <h3 className="contact__label">Web</h3>
                  <p className="contact__value">
                    {website ? (
                      <a href={website} rel="noopener">
                        {profile.website}
                      </a>
                    ) : null}
                  </p>
                </div>
              </li>
            </ul>
            <section className="opening-hours" aria-labelledby="opening-hours-title">
              <h2 className="opening-hours__title" id="opening-hours-title">
                <Icon name="clock" />
                Opening Hours
              </h2>
              <ul className="opening-hours__list">
                {openingHours.map((row) => (
                  <li key={row.days} className="opening-hours__row">
                    <span className="opening-hours__days">{row.days}</span>{" "}
                    <span className="opening-hours__hours">{row.hours}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
          <div className="contact__form">
            <h2 className="contact__heading">Send us a message</h2>
            <ContactForm actionData={actionData} />
          </div>
        </div>
      </section>
    </>
  );
}
