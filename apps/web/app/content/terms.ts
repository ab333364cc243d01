/**
 * Terms and Conditions for Harbour FX travel money (Click & Collect and
 * Click & Sell) and in-branch money transfers.
 */
import { formatMinor } from "@bureau/domain/money";
import type { OrderExpiry } from "@bureau/domain/order-lifecycle";
import type { OrderLimits } from "@bureau/domain/order-limits";

export type LegalSection = {
  id: string;
  heading: string;
  paragraphs: string[];
};

/** "4 days", "1 day", "12 hours", "30 minutes": a fraction of a day in the largest whole unit. */
function period(days: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (Number.isInteger(days)) return plural(days, "day");
  const seconds = Math.round(days * 86_400);
  if (seconds % 3600 === 0) return plural(seconds / 3600, "hour");
  if (seconds % 60 === 0 || seconds > 3600) return plural(Math.round(seconds / 60), "minute");
  return plural(seconds, "second");
}

/** The terms, with the Click & Collect limits and the expiry rules this site is configured with. */
export function termsSections(limits: OrderLimits, expiry: OrderExpiry): readonly LegalSection[] {
  return termsWith(
    `Each currency in a Click & Collect order must come to at least ${formatMinor(limits.collectLineMinGbpMinor, "GBP")}, and a Click & Collect order may come to at most ${formatMinor(limits.collectOrderMaxGbpMinor, "GBP")} in all. For more, please contact the branch. Click & Sell has no minimum.`,
    `We hold an order for you for a limited time. An order that is ready for collection and not collected within ${period(expiry.acceptedDays)} of our telling you it is ready, and an order that is still pending ${period(expiry.pendingDays)} after you placed it, expires: we e-mail you, nothing is held for you any more and nothing is owed. You are welcome to place a new order at the rates of the day.`,
  );
}

// Longer than 100 lines because it is the terms' text, section after section, read best in one piece.
const termsWith = (limitsParagraph: string, expiryParagraph: string): readonly LegalSection[] => [
  {
    id: "who-we-are",
    heading: "Who we are",
    paragraphs: [
      "Harbour FX is a trading name of Harbour Foreign Exchange Ltd, a company registered in England and Wales (company number 11839204) with its registered office at 14 South Street, Worthing, West Sussex BN11 3AE.",
      "We are registered with HM Revenue & Customs as a Money Service Business (registration number XMLM00000123456) and are supervised by HMRC under the Money Laundering Regulations.",
      'In these terms, "we", "us" and "our" mean Harbour Foreign Exchange Ltd, and "you" means the person placing an order or using our services. By placing an order you agree to these terms, so please read them carefully.',
    ],
  },
  {
    id: "eligibility",
    heading: "Who can use our services",
    paragraphs: [
      "You must be at least 18 years old to place an order, collect currency, sell currency to us or send money through us.",
      "You must place orders in your own name and for your own use. The person named on the order must be the person who collects it and pays for it.",
    ],
  },
  {
    id: "reservations",
    heading: "How reservations work",
    paragraphs: [
      "Click & Collect lets you reserve foreign currency online and pay for it when you collect it from the branch you choose. Click & Sell lets you tell us in advance about foreign banknotes you want to sell back to us.",
      "The exchange rate shown when you add currency to your basket is held for 30 minutes. If you do not complete your order within that time, the basket is updated to our current rate before you confirm.",
      "Click & Collect amounts are rounded up to the next £10 so that we can supply the currency in practical denominations. The final sterling amount is shown before you confirm your order.",
      limitsParagraph,
      "Your order is a reservation, not a completed purchase. The exchange takes place, and the contract between us is formed, only when you pay in branch and receive the currency.",
    ],
  },
  {
    id: "payment",
    heading: "Paying for your order",
    paragraphs: [
      "You pay for Click & Collect orders in branch when you collect them. You can pay in cash (pounds sterling) or by debit card. The debit card must be in the same name as the order.",
      "We do not accept credit cards, charge cards or payments from third parties.",
      "We do not charge commission, and there are no hidden fees. The amount you pay is the sterling amount shown on your order confirmation.",
    ],
  },
  {
    id: "collection",
    heading: "Collecting your currency",
    paragraphs: [
      "Orders can usually be collected on the same day from the branch you chose, during its opening hours.",
      "All orders depend on the currency and the denominations being in stock. If we cannot supply the full amount or the denominations you asked for, we will contact you, and you can accept what we can offer or cancel without charge.",
      "Once your order has reached the branch, your exchange rate is guaranteed for 24 hours. If you collect after that time, the rate on the day of collection applies.",
      expiryParagraph,
    ],
  },
  {
    id: "identification",
    heading: "Identification",
    paragraphs: [
      "When you collect an order, sell currency to us or send money, you must show one of the following valid, original photo documents: a passport; a full UK or European photo driving licence; or a European national identity card.",
      "If you pay by card, the card must be in the name shown on the order and on your identification.",
      "We may also ask for proof of address, such as a bank statement or utility bill dated within the past 90 days. If you cannot show the identification we ask for, we will not be able to complete the transaction.",
    ],
  },
  {
    id: "click-and-sell",
    heading: "Click & Sell",
    paragraphs: [
      "We buy foreign banknotes only. We do not buy coins.",
      "Every note is checked for authenticity before we pay you. We will refuse notes that are damaged, defaced, heavily worn or no longer legal tender, including notes that have been withdrawn from circulation.",
      "If we suspect a note is counterfeit, we will keep it and may be required to pass it to the police or the relevant central bank. We cannot pay you for counterfeit notes.",
      "For the notes we accept, we pay you in pounds sterling at our buy-back rate.",
    ],
  },
  {
    id: "cancellations-and-refunds",
    heading: "Cancellations and refunds",
    paragraphs: [
      "You can cancel a Click & Collect or Click & Sell order free of charge at any time before it is completed: from your order page (the link in every order e-mail, or Track your order with your order number and e-mail) while it is pending or ready for collection, or by contacting the branch or our support team.",
      "Where a refund is due to you, we will make it within 15 business days, using the original payment method where possible.",
      "If a money transfer you have sent is not collected, it is returned to you after 3 months. If we receive a payment that we cannot match to an order or customer, we return it to the sender within 30 business days.",
      "Once you have received your currency and left the branch, the exchange is final. You can sell unused banknotes back to us at our buy-back rate on the day.",
    ],
  },
  {
    id: "money-transfers",
    heading: "Money transfers",
    paragraphs: [
      "International money transfers are provided by our partners, Western Union and WorFX, and can be arranged in our branches.",
      "When you send money through one of our partners, the partner's own terms and conditions apply to the transfer, including its fees, exchange rates, delivery times and refund rules. We will give you the relevant terms and a receipt before you pay.",
    ],
  },
  {
    id: "anti-money-laundering",
    heading: "Anti-money-laundering checks",
    paragraphs: [
      "The law requires us to check who our customers are and to watch for money laundering, terrorist financing and fraud.",
      "We may ask you about the source of the funds you use, the purpose of a transaction or your travel plans, and ask for supporting documents. We may need to do this before we can complete a transaction.",
      "We may refuse, delay or cancel any transaction if we are not satisfied with the information provided or where we are required to by law. Where the law allows, we will tell you. We may also be required to report a transaction to the authorities without telling you.",
    ],
  },
  {
    id: "liability",
    heading: "Our liability",
    paragraphs: [
      "We are responsible for losses you suffer that are a foreseeable result of our breaking these terms or failing to use reasonable care and skill. We are not responsible for losses that were not foreseeable, or for business losses.",
      "We are not responsible for delays or failures caused by events outside our reasonable control, or for a refusal to complete a transaction for legal or regulatory reasons.",
      "Please count your currency before you leave the branch, as it is much harder for us to investigate a shortage once you have left.",
      "Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law, and nothing affects your statutory rights.",
    ],
  },
  {
    id: "complaints",
    heading: "Complaints",
    paragraphs: [
      "If you are unhappy with our service, please speak to the branch team first. If they cannot resolve the problem, contact our support team on 01903 200 440 or at support@harbourfx.co.uk, or write to us at our registered office.",
      "We will acknowledge your complaint promptly, investigate it fairly and give you a written response. Complaints about a money transfer may need to be passed to Western Union or WorFX, and we will tell you if we do this.",
    ],
  },
  {
    id: "governing-law",
    heading: "Governing law",
    paragraphs: [
      "These terms are governed by the law of England and Wales, and the courts of England and Wales have jurisdiction over any dispute. If you live in Scotland or Northern Ireland, you may also bring proceedings in your local courts.",
      "We may update these terms from time to time. The version published on our website when you place your order applies to that order.",
    ],
  },
];
