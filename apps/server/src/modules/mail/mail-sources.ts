import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import type { CollectionDeadline } from "@bureau/domain/collection-deadline";

/**
 * What an order e-mail shows. The outbox row of an order kind carries only the order's id (the placement
 * writes `{ orderId }`), so the e-mail is rendered from the order as stored at send time; the orders area
 * loads it.
 */
export type OrderMailContent = {
  receipt: OrderReceipt;
  /** The branch's opening hours, days with the same hours grouped ("Monday to Saturday 9AM to 5PM"). */
  openingHours: string[];
  /** How long the customer has to come in (collect-by date), as the order stands now; null once it is closed. */
  deadline: CollectionDeadline | null;
  /** The signed link to the order's page, which every order e-mail carries. */
  orderUrl: string;
  /** The collection pass (a QR code) as a PNG, made only for the e-mails that show it. */
  collectionPassPng(): Promise<Buffer>;
};

/** What a rate-alert e-mail shows: the alert as stored at send time, and its signed links. */
export type RateAlertMailContent = {
  code: string;
  label: string;
  target: string;
  triggeredRate: string | null;
  /** When the alert fired: its e-mail dates the rate it reports (docs/features/rates-say-how-old-they-are.md). */
  triggeredAt: Date | string | null;
  confirmUrl: string;
  unsubscribeUrl: string;
  /** Where a mail system posts `List-Unsubscribe=One-Click` (RFC 8058). */
  oneClickUnsubscribeUrl: string;
};

/**
 * The loaders of the kinds whose outbox data is only an id, handed to mail where the mailer is wired
 * (jobs/render-mail.ts) by the areas that own the data: mail imports no area. Each answers null when the
 * order or alert is gone, and the message is then not sent.
 */
export type MailSources = {
  orderMail(orderId: string): Promise<OrderMailContent | null>;
  rateAlertMail(alertId: string): Promise<RateAlertMailContent | null>;
};
