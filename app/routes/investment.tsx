import { investorsHref } from "../components/frame/contact-links.ts";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { Icon } from "../components/icons.tsx";
import { routeMeta } from "../seo/meta.ts";
import { useSiteSettings } from "../site-settings.ts";
import type { Route } from "./+types/investment";
import {
  earningTimes,
  formatCapitalRange,
  investmentPlans,
  registrationBonus,
} from "./investment-plans.ts";

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Real Estate Investment Plan",
    description:
      "Four real estate investment plans, from $50 to $20,000,000: capital back in 30 to 120 days, a daily earning and a referral bonus.",
    canonicalPath: "/investment",
  });

/** SPEC §2 /investment and §9: the four plans, each signing up on the investors site. */
export default function Investment() {
  const { investorsUrl } = useSiteSettings();
  const register = investorsHref(investorsUrl, "register");
  return (
    <>
      <PageBanner title="Investment" heading="Real Estate Investment Plan" />
      <section className="section" aria-label="Plans">
        <div className="container">
          <p className="pages__lead">
            Put your capital to work in residential and commercial property. Choose the plan that
            fits your budget and horizon.
          </p>
          <ul className="plans">
            {investmentPlans.map((plan, index) => (
              <li key={plan.name}>
                <article
                  className={index === 0 ? "plan-card plan-card--highlight" : "plan-card"}
                  aria-labelledby={`plan-${index}`}
                >
                  <header className="plan-card__head">
                    <h2 className="plan-card__name" id={`plan-${index}`}>
                      {plan.name}
                    </h2>
                    <p className="plan-card__rate">
                      <span className="plan-card__rate-label">Daily earning</span>{" "}
                      <span className="plan-card__rate-value">{plan.dailyEarning}</span>
                    </p>
                  </header>
                  <dl className="plan-card__terms">
                    <div className="plan-card__term">
                      <dt>Capital range ($)</dt>
                      <dd>{formatCapitalRange(plan)}</dd>
                    </div>
                    <div className="plan-card__term">
                      <dt>Capital back</dt>
                      <dd>{plan.capitalBack}</dd>
                    </div>
                    <div className="plan-card__term">
                      <dt>Referral bonus</dt>
                      <dd>{plan.referralBonus}</dd>
                    </div>
                    <div className="plan-card__term">
                      <dt>Bonus</dt>
                      <dd>{registrationBonus}</dd>
                    </div>
                    <div className="plan-card__term">
                      <dt>Earning</dt>
                      <dd>{earningTimes}</dd>
                    </div>
                  </dl>
                  <a className="button button--primary plan-card__cta" href={register}>
                    Get started
                    <Icon name="arrowRight" size={18} />
                  </a>
                </article>
              </li>
            ))}
          </ul>
          <p className="plans__notice">
            Investing involves risk, including the loss of capital. Past returns do not guarantee
            future results.
          </p>
        </div>
      </section>
    </>
  );
}
