/**
 * Frequently asked questions, in display order.
 */
export type FaqItem = {
  title: string;
  description: string;
};

/** The questions, with the number of currencies on sale (`currencyCount`, from the currency list). */
export const faqItemsFor = (currencyCount: number): readonly FaqItem[] => [
  {
    title: "How do I place an order?",
    description:
      "Choose your currency and the amount you need, then select Click & Collect and pick the branch you want to collect from. Check your order and confirm it. When it's ready, visit the branch to pay and collect your currency.",
  },
  {
    title: "Which currencies do you offer?",
    description: `We offer ${currencyCount} currencies, from euros and US dollars to less common currencies for destinations further afield. You can see the full list, with our rates, on our website.`,
  },
  {
    title: "Do you charge commission or any hidden fees?",
    description:
      "No. We charge 0% commission and there are no hidden charges. The price you see on your order is the price you pay.",
  },
  {
    title: "How long does it take to process my order?",
    description:
      "Most orders are processed within minutes, and some can take a few hours. Orders can usually be collected on the same day during branch opening hours.",
  },
  {
    title: "Can I reserve currency in advance?",
    description:
      "Yes. Reserve your currency online and collect it from your chosen branch. Once your order reaches the store, your exchange rate is guaranteed for 24 hours.",
  },
  {
    title: "What ID do I need?",
    description:
      "Please bring a valid passport, full photo driving licence or biometric residence permit (BRP), plus a payment card in your name. We may also ask for proof of address.",
  },
  {
    title: "Can I send money abroad?",
    description:
      "Yes. International money transfers are sent through our partners, Western Union and WorFX. Visit any of our branches to arrange a transfer. Our partner's own terms and fees apply.",
  },
  {
    title: "How can I contact you?",
    description:
      "Call us on 01903 200 440 or e-mail support@harbourfx.co.uk. Our branches are open Monday to Saturday, 9am to 5pm, and Sunday, 10am to 3pm.",
  },
];
