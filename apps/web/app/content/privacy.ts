/**
 * Privacy notice for Harbour FX: twelve numbered sections followed by an
 * unnumbered "Contact us" section.
 */
import { RATE_ALERT_CONFIRM_DAYS } from "@bureau/domain/rate-alerts";
import type { RetentionRules } from "@bureau/domain/retention";
import type { LegalSection } from "./terms.ts";

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/**
 * The notice with the retention periods the server applies (RETENTION_* settings, docs/features/retention-and-data-rights.md): what
 * section 5 says happens, and when, is what the retention job does.
 * Longer than 100 lines because it is the notice's text, section after section, read best in one piece.
 */
export const privacySections = (retention: RetentionRules): readonly LegalSection[] => [
  {
    id: "who-we-are",
    heading: "1. Who we are",
    paragraphs: [
      "Harbour FX is a trading name of Harbour Foreign Exchange Ltd, registered in England and Wales (company number 11839204), registered office 14 South Street, Worthing, West Sussex BN11 3AE.",
      "We are a regulated currency exchange and money remittance business, registered with HM Revenue & Customs as a Money Service Business (registration number XMLM00000123456).",
      "Harbour Foreign Exchange Ltd is the controller of the personal data described in this notice. This means we decide how and why your data is used, and we are responsible for looking after it under UK data protection law.",
    ],
  },
  {
    id: "principles",
    heading: "2. Data protection principles",
    paragraphs: [
      "We follow the principles of the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. We use your personal data lawfully, fairly and transparently; only for specific purposes we have told you about; and only as much as we need for those purposes.",
      "We keep your data accurate and up to date, keep it no longer than necessary, and protect it with appropriate security.",
    ],
  },
  {
    id: "data-we-collect",
    heading: "3. The data we collect",
    paragraphs: [
      "Personal data: your name, date of birth, address, e-mail address, phone number and nationality.",
      "Financial data: details of your orders and transactions, including currencies, amounts, exchange rates and payment method, and, for money transfers, details of the person you are sending money to.",
      "Compliance data: copies or details of your identity documents (such as your passport, driving licence or national identity card), proof of address, information about the source of funds and the purpose of a transaction, and the records of the checks we carry out to prevent money laundering, terrorist financing and fraud.",
      "Technical data: the information your browser sends when you use our website, such as your IP address, which we use to keep the site secure.",
    ],
  },
  {
    id: "how-we-use-data",
    heading: "4. How we use your data",
    paragraphs: [
      "To take, prepare and complete your orders and transfers, and to contact you about them. Our lawful basis is performance of a contract with you, or steps you ask us to take before entering into one.",
      "To verify your identity, carry out anti-money-laundering and counter-terrorist financing checks, keep the records the law requires and report suspicious activity to the authorities. Our lawful basis is compliance with a legal obligation.",
      "To prevent fraud, keep our website and branches secure, and improve our services. Our lawful basis is our legitimate interests, which we balance against your rights.",
      "To send you marketing messages, only where you have given your consent (see section 9).",
    ],
  },
  {
    id: "retention",
    heading: "5. How long we keep your data",
    paragraphs: [
      "The Money Laundering Regulations require us to keep identity records and transaction records for five years after our business relationship with you ends or, for a one-off transaction, five years after the transaction is completed.",
      "We keep them for longer only where another law requires it or where they are needed for legal proceedings. When we no longer need your data, we delete it securely or anonymise it.",
      "If you have agreed to receive marketing, we keep your contact details for that purpose until you withdraw your consent.",
      `Orders: we keep the record of every order, that is its number, currencies, amounts, exchange rates, branch and dates, together with the personal details given with it (your name, e-mail address and phone number, the link to your account if you were signed in and, where we recorded them when you collected, your address and date of birth, and the type, expiry date and last four characters of the identity document we checked), for ${count(retention.ordersYears, "year")} from the day the order was completed, cancelled or expired. On the day ${count(retention.ordersYears, "year")} after that day we anonymise the order: your personal details are overwritten and the order is no longer linked to you or to your account, while the financial record stays. If the order is the subject of an open internal report of suspected money laundering, we keep it in full until the report is closed.`,
      `Messages you send us through our contact form: ${count(retention.contactMessagesMonths, "month")} from the day we receive them. On the day ${count(retention.contactMessagesMonths, "month")} later the message and your name, e-mail address and phone number are overwritten.`,
      `Quotes, sign-in sessions, e-mails and rate alerts: ${count(retention.expiredRecordsDays, "day")} after a price quote that did not become an order expires, we delete it; ${count(retention.expiredRecordsDays, "day")} after a sign-in session expires, we delete it, with the network address and browser it was used from; ${count(retention.expiredRecordsDays, "day")} after we send you an e-mail, our copy keeps only what kind of e-mail it was and when we sent it; and ${count(retention.expiredRecordsDays, "day")} after a rate alert has been sent or stopped, or has lapsed because it was not switched on within ${count(RATE_ALERT_CONFIRM_DAYS, "day")} of being asked for, we remove your e-mail address from it.`,
      "Your account (your e-mail address, display name and photo) is kept for as long as you have it. To close it, contact us using the details below.",
    ],
  },
  {
    id: "correspondence-and-calls",
    heading: "6. Correspondence and calls",
    paragraphs: [
      "If you write to us, e-mail us or contact us through our website, we keep a record of that correspondence so that we can deal with your enquiry and show how we handled it.",
      "We may record calls to our support line for training, quality and compliance purposes. If a call is recorded, we will tell you at the start of the call.",
    ],
  },
  {
    id: "security",
    heading: "7. Security",
    paragraphs: [
      "We use technical and organisational measures to protect your data against loss, misuse and unauthorised access, including encrypted connections to our website, access controls and staff training.",
      "Only staff and service providers who need your data to do their work can access it, and our service providers must keep it confidential and secure. If a data breach is likely to put your rights at risk, we will tell you and the Information Commissioner's Office as the law requires.",
    ],
  },
  {
    id: "other-websites",
    heading: "8. Other websites",
    paragraphs: [
      "Our website may link to other websites, including those of our money transfer partners, Western Union and WorFX. This notice does not cover those websites, and we are not responsible for how they handle your data. Please read their own privacy notices.",
      "When you send money through Western Union or WorFX, we share the details of the transfer with that partner, and the partner also uses your data as a controller under its own privacy notice.",
    ],
  },
  {
    id: "direct-marketing",
    heading: "9. Direct marketing",
    paragraphs: [
      "We will send you marketing messages, such as rate alerts and offers, only if you have given us your consent.",
      "You can opt out at any time, free of charge, by using the unsubscribe link in any marketing e-mail or by contacting us. Opting out does not affect messages we need to send you about your orders.",
      "We never sell your personal data.",
    ],
  },
  {
    id: "your-rights",
    heading: "10. Your data rights",
    paragraphs: [
      "Under the UK GDPR you have the right to access your personal data; to have inaccurate data corrected; to have your data erased or its use restricted in some circumstances; to object to our use of your data; to data portability; and to withdraw your consent at any time where we rely on it.",
      "Some rights are limited where we must keep data by law, for example the records the Money Laundering Regulations require.",
      "You can download a copy of your data yourself: sign in, open Your profile and choose Download my data. The file (JSON, a format any computer can read) holds your account, the orders placed while you were signed in or with your verified e-mail address, the messages you sent us from that address and your rate alerts. If you have ordered with another e-mail address or phone number, contact us: once we have confirmed who you are, we send you everything we hold, from all of them.",
      "To use any of these rights, contact us using the details below. You also have the right to complain to the Information Commissioner's Office (ICO) at ico.org.uk or on 0303 123 1113, although we would appreciate the chance to deal with your concern first.",
    ],
  },
  {
    id: "cookies",
    heading: "11. Cookies",
    paragraphs: [
      "We use only one cookie: an essential session cookie that keeps your visit working while you place an order and helps keep our website secure. The website cannot work properly without it, so it does not need your consent.",
      "Your basket is stored locally in your browser, not on our servers, until you place your order. You can clear it at any time by emptying your basket or clearing your browser's site data.",
      "We do not use advertising or analytics cookies.",
    ],
  },
  {
    id: "complaints",
    heading: "12. Complaints procedure",
    paragraphs: [
      "If you have a concern or complaint about how we handle your personal data, or a request about your data rights, please contact us using the details below.",
      "We will acknowledge your complaint or request within 10 days and aim to respond in substance within 28 days.",
      "If your request is complex, or you have made several requests, we may extend this by up to two further months. If we do, we will tell you within the first 28 days and explain why.",
    ],
  },
  {
    id: "contact-us",
    heading: "Contact us",
    paragraphs: [
      "Phone: 01903 200 440",
      "E-mail: support@harbourfx.co.uk",
      "Post: Data Protection, Harbour Foreign Exchange Ltd, 14 South Street, Worthing, West Sussex BN11 3AE",
    ],
  },
];
