/** The static questions of /faq (SPEC §2): three tabs, each an accordion. */
export interface FaqTopic {
  id: string;
  title: string;
  questions: { question: string; answer: string }[];
}

export const faqTopics: readonly FaqTopic[] = [
  {
    id: "general",
    title: "General Information",
    questions: [
      {
        question: "How do I arrange a viewing?",
        answer:
          "Send an enquiry from the property's page or call our office. An agent will confirm a time that suits you, usually within one working day.",
      },
      {
        question: "Do you charge buyers or tenants a fee?",
        answer:
          "Searching and viewing are free. Any fees for a tenancy or a purchase are listed in writing before you commit to anything.",
      },
      {
        question: "Which areas do you cover?",
        answer:
          "We list homes and commercial space in the cities shown on our home page, and we add new neighbourhoods every season.",
      },
      {
        question: "How quickly will an agent reply to my enquiry?",
        answer:
          "We answer every enquiry within one working day, and most within a few hours during opening hours.",
      },
    ],
  },
  {
    id: "extra",
    title: "Extra Feature",
    questions: [
      {
        question: "Can I book a video tour instead of visiting?",
        answer:
          "Yes. Many listings have a video on their detail page, and an agent can walk you through any property on a live video call.",
      },
      {
        question: "Do you offer cleaning before I move in?",
        answer:
          "Every rental is professionally cleaned before a new tenant moves in. Regular cleaning can be arranged afterwards.",
      },
      {
        question: "Is parking included with apartments?",
        answer:
          "It depends on the building. The Garage figure on each listing shows how many spaces come with the property.",
      },
      {
        question: "Can I get help with moving?",
        answer:
          "We work with trusted removal firms and can book a slot for you at a preferential rate.",
      },
      {
        question: "Do you manage properties for landlords?",
        answer:
          "Yes. Our management service covers tenant search, rent collection, maintenance and inspections.",
      },
    ],
  },
  {
    id: "overview",
    title: "Properties Overview",
    questions: [
      {
        question: "How is the size of a property measured?",
        answer:
          "Sizes are the internal floor area in square feet (sq ft), measured wall to wall on every floor.",
      },
      {
        question: "What does 'For Rent' or 'For Sale' mean on a listing?",
        answer:
          "It is the offer type: whether the owner wants to let the property or sell it. The price shown matches the offer type.",
      },
      {
        question: "Are the listed prices negotiable?",
        answer:
          "Prices are set by the owners. Your agent can pass on any offer and advise you on what is realistic.",
      },
      {
        question: "How often are listings updated?",
        answer:
          "Listings are updated as soon as an owner changes the price or the property is let or sold.",
      },
    ],
  },
];
