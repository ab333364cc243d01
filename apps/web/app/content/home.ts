/**
 * Copy of the home page sections that the footer links to (/#about, /#how-it-works).
 */
export const aboutParagraphs: readonly string[] = [
  "Harbour FX is an independent bureau de change with branches in Worthing, Brighton, Chichester and London. We have helped travellers on the south coast buy and sell foreign currency for years, and we keep the same simple promise: 0% commission, no hidden charges and a fair rate.",
  "Reserve your travel money online in a few minutes and collect it from the branch you choose, usually on the same day. Back from your trip with notes left over? Sell them back to us with Click & Sell.",
];

export type HowItWorksStep = { title: string; description: string };

/** The steps, with the number of currencies on sale (`currencyCount`, from the currency list). */
export const howItWorksStepsFor = (currencyCount: number): readonly HowItWorksStep[] => [
  {
    title: "Choose your currency",
    description: `Pick Click & Collect to buy currency or Click & Sell to sell it back, choose from our ${currencyCount} currencies and enter the amount in pounds or in the currency.`,
  },
  {
    title: "Reserve online",
    description:
      "Choose the branch you want to visit and give your details. Your rate is held for 30 minutes while you complete your order, and we e-mail you a confirmation.",
  },
  {
    title: "Collect in branch",
    description:
      "Most orders are ready within minutes to a few hours. Bring your photo ID and the payment card in your name, then pay and collect at the counter.",
  },
];

export const appDownload = {
  title: "Get the Harbour FX app",
  description: "Check our rates, reserve currency and find your nearest branch on the go.",
  appStoreCaption: "Download on the App Store",
  playStoreCaption: "Get it on Google Play",
} as const;
