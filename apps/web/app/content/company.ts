/**
 * Company details and headline selling points shown across the site.
 */
export const company = {
  tradingName: "Harbour FX",
  legalName: "Harbour Foreign Exchange Ltd",
  companyNumber: "11839204",
  registeredOffice: "14 South Street, Worthing, West Sussex BN11 3AE",
  msbNumber: "XMLM00000123456",
  supportPhone: "01903 200 440",
  supportEmail: "support@harbourfx.co.uk",
  registrationLine:
    "Harbour FX is a trading name of Harbour Foreign Exchange Ltd, registered in England and Wales, company number 11839204, registered office 14 South Street, Worthing, West Sussex BN11 3AE; registered with HMRC as a Money Service Business, number XMLM00000123456.",
  copyright: "© 2024 Harbour Foreign Exchange Ltd. All rights reserved.",
  socialUrl: "https://www.facebook.com/harbourfx",
} as const;

export type Company = typeof company;

export type SellingPoint = {
  title: string;
  description: string;
};

/**
 * The selling points, with the number of currencies we really have on sale (`currencyCount`, from the
 * currency list) rather than a round claim.
 */
export const sellingPointsFor = (currencyCount: number): readonly SellingPoint[] => [
  {
    title: "0% commission",
    description: "We never charge commission when you buy or sell currency with us.",
  },
  {
    title: "No hidden charges",
    description: "The price on your order is exactly what you pay, with no extra fees added in branch.",
  },
  {
    title: `${currencyCount} currencies at our best-rate guarantee`,
    description: `Choose from ${currencyCount} currencies, all at the best rates we can offer, reserved online and ready to collect.`,
  },
];
