import { SubscribeForm } from "../frame/subscribe-form.tsx";

/** The home newsletter block: a required e-mail box and a button, no submit behaviour. */
export function Newsletter() {
  return (
    <section className="newsletter" aria-labelledby="newsletter-title">
      <div className="newsletter__inner">
        <div className="newsletter__copy">
          <h2 className="newsletter__title" id="newsletter-title">
            Subscribe to our newsletter
          </h2>
          <p className="newsletter__text">
            Be the first to hear about new listings, price changes and open house days.
          </p>
        </div>
        <SubscribeForm className="newsletter__form" label="Your e-mail address" />
      </div>
    </section>
  );
}
