import type { DisplayDates } from "@bureau/domain/dates";
import type { OrderExpiry } from "@bureau/domain/order-lifecycle";
import type { Db } from "../db/client.ts";
import { type MailKind, type MailSources, type RenderedMail, renderMessage } from "../modules/mail/index.ts";
import { loadOrderMail, type OrderLinks } from "../modules/orders/index.ts";
import { type AlertLinks, loadRateAlertMail } from "../modules/rate-alerts/index.ts";

/**
 * Renders an outbox message, handing mail the loaders of the areas that own what an id-only message
 * shows (orders, rate alerts): wired here, so that mail imports no area and those areas can queue mail.
 */
export function renderMail(
  db: Db,
  kind: MailKind,
  data: Record<string, unknown>,
  {
    publicUrl,
    orderLinks,
    alertLinks,
    dates,
    orderExpiry,
  }: {
    publicUrl: string;
    orderLinks: OrderLinks;
    alertLinks: AlertLinks;
    dates: DisplayDates;
    /** The expiry rule (ORDER_EXPIRE_*_AFTER_DAYS) the order e-mails' collect-by date comes from. */
    orderExpiry: OrderExpiry;
  },
): Promise<RenderedMail | null> {
  const sources: MailSources = {
    orderMail: (orderId) => loadOrderMail(db, orderId, { links: orderLinks, expiry: orderExpiry }),
    rateAlertMail: (alertId) => loadRateAlertMail(db, alertId, alertLinks),
  };
  return renderMessage(kind, data, { publicUrl, dates, sources });
}
