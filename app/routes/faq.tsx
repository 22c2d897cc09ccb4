import { Fragment, useId } from "react";
import { InertLink } from "../components/frame/inert-link.tsx";
import { PageBanner } from "../components/frame/page-banner.tsx";
import { TabList, tabIds } from "../components/frame/tab-list.tsx";
import { Icon } from "../components/icons.tsx";
import { routeMeta } from "../seo/meta.ts";
import type { Route } from "./+types/faq";
import { type FaqTopic, faqTopics } from "./faq-content.ts";

const tabs = faqTopics.map((topic) => ({ id: topic.id, label: topic.title }));

function Accordion({ topic }: { topic: FaqTopic }) {
  const id = useId();
  return (
    // The first answer open; `enhanceAccordion` opens and closes them (decision 043).
    <div className="accordion" data-enhance="accordion">
      {topic.questions.map((item, index) => {
        const expanded = index === 0;
        const panelId = `${id}-a${index}`;
        return (
          <div key={item.question} className="accordion__item">
            <h2 className="accordion__heading">
              <button
                type="button"
                className="accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
              >
                <span>{item.question}</span>
                <Icon name="chevronDown" className="accordion__chevron" />
              </button>
              {/* Without scripting the button could not answer: the question stands as plain
                  text and every answer shows (decision 026, pages.css). */}
              <span className="accordion__question">{item.question}</span>
            </h2>
            {/* A plain panel, not a region: a dozen regions would crowd the landmark list (APG). */}
            <div id={panelId} className="accordion__panel" hidden={!expanded}>
              <p className="accordion__answer">{item.answer}</p>
              <p className="accordion__helpful">
                Was this answer helpful?{" "}
                {/* SPEC: the 'Was this answer helpful?' links do nothing. */}
                <InertLink className="accordion__vote">Yes</InertLink>{" "}
                <InertLink className="accordion__vote">No</InertLink>
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** SPEC §2 /faq: three tabs, each an accordion of static questions. */
export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Frequently Asked Questions",
    description:
      "Answers to common questions about renting and buying with us, our extra features and the properties we list.",
    canonicalPath: "/faq",
  });

export default function Faq() {
  const idPrefix = useId();
  const selected = faqTopics[0]?.id ?? "";
  return (
    <>
      <PageBanner title="FAQ" heading="Frequently Asked Questions" />
      <section className="section" aria-label="Questions and answers">
        {/* The first topic shown; `enhanceTabPanels` switches them (decision 043). */}
        <div className="container faq" data-enhance="tabs">
          <TabList
            label="FAQ topics"
            items={tabs}
            selectedId={selected}
            idPrefix={idPrefix}
            className="faq__tabs"
          />
          {faqTopics.map((topic) => {
            const ids = tabIds(idPrefix, topic.id);
            return (
              <Fragment key={topic.id}>
                {/* Shown only without scripting, where it stands in for the tab (pages.css). */}
                <h2 className="faq__topic-heading">{topic.title}</h2>
                <div
                  role="tabpanel"
                  id={ids.panel}
                  aria-labelledby={ids.tab}
                  hidden={topic.id !== selected}
                  className="faq__panel"
                >
                  <Accordion topic={topic} />
                </div>
              </Fragment>
            );
          })}
        </div>
      </section>
    </>
  );
}
