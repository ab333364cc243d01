/**
 * The two money-transfer partners shown on /sendmony. Their links come from the server's
 * configuration (publicConfig.moneyTransferUrl and publicConfig.worfxUrl).
 */
export type TransferProvider = {
  key: "westernUnion" | "worfx";
  name: string;
  summary: string;
  points: readonly string[];
  linkCaption: string;
};

export const transferProviders: readonly TransferProvider[] = [
  {
    key: "westernUnion",
    name: "Western Union",
    summary: "Send money to family and friends abroad through one of the world's largest money-transfer networks.",
    points: [
      "Cash pick-up at an agent location or payment straight into a bank account",
      "Track your transfer with its reference number",
      "Send online on the Western Union website or arrange it at any of our branches",
    ],
    linkCaption: "Send with Western Union",
  },
  {
    key: "worfx",
    name: "WorFX",
    summary: "International payments into bank accounts abroad, for personal transfers and larger amounts.",
    points: [
      "Payments straight into the recipient's bank account",
      "The exchange rate and fees are confirmed before you pay",
      "Send online on the WorFX website or arrange it at any of our branches",
    ],
    linkCaption: "Send with WorFX",
  },
];

export const transferNotes: readonly string[] = [
  "Money transfers are provided by our partners. The partner's own terms and conditions apply to each transfer, including its fees, exchange rates, delivery times and refund rules.",
  "To send money in a branch, bring a valid photo ID. We may ask about the purpose of the transfer and the source of the funds, as the Money Laundering Regulations require.",
  "If a transfer is not collected, it is returned to you after 3 months.",
];
