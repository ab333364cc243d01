import { trimDecimal } from "@bureau/domain/pricing";
import { RATE_ALERT_CONFIRM_DAYS } from "@bureau/domain/rate-alerts";
import { ratesAsOfTime } from "@bureau/domain/rate-freshness";
import { type Html, html } from "./html.ts";
import { brandedMail, type MailContext, type MailRenderer, type RenderedMail } from "./layout.ts";
import type { RateAlertMailContent } from "./mail-sources.ts";

type RateAlertParts = {
  alert: RateAlertMailContent;
  target: string;
  historyUrl: string;
  unsubscribeText: string;
  unsubscribeHtml: Html;
  headers: Record<string, string>;
};

/**
 * A rate-alert kind's renderer: its outbox data is `{ alertId }`, the alert is loaded by the rate-alerts
 * area at send time. Both e-mails carry a one-click unsubscribe: a link to the unsubscribe page in the
 * text, and the List-Unsubscribe header with List-Unsubscribe-Post (RFC 8058) naming the API address a
 * mail system posts to.
 */
function rateAlertMail(render: (parts: RateAlertParts, context: MailContext) => RenderedMail): MailRenderer {
  return async (data, context) => {
    const alert = await context.sources.rateAlertMail(String(data.alertId ?? ""));
    if (!alert) return null;
    const unsubscribeUrl = alert.unsubscribeUrl;
    return render(
      {
        alert,
        target: trimDecimal(alert.target),
        historyUrl: `${context.publicUrl}/exchangeRates/${alert.code}`,
        unsubscribeText: `To stop our rate alerts to this address: ${unsubscribeUrl}`,
        unsubscribeHtml: html`<p style="color:#4a5568;font-size:13px">Don't want these e-mails? <a href="${unsubscribeUrl}">Unsubscribe from rate alerts</a>.</p>`,
        headers: {
          "List-Unsubscribe": `<${alert.oneClickUnsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
      context,
    );
  };
}

export const renderRateAlertConfirm = rateAlertMail(
  ({ alert, target, unsubscribeText, unsubscribeHtml, headers }, { publicUrl }) => {
    const subject = `Confirm your ${alert.code} rate alert`;
    const text = [
      "Hello,",
      "",
      `You asked us to e-mail you once when 1 GBP buys at least ${target} ${alert.code} (${alert.label}) at our Click & Collect rate.`,
      "To switch the alert on, open this link and press the button:",
      alert.confirmUrl,
      "",
      `If you did not ask for this, ignore this e-mail: nothing happens unless the link is used, and it stops working after ${RATE_ALERT_CONFIRM_DAYS} days.`,
      unsubscribeText,
    ].join("\n");
    const body = html`<p>Hello,</p>
<p>You asked us to e-mail you once when 1 GBP buys at least <strong>${target} ${alert.code}</strong> (${alert.label}) at our Click &amp; Collect rate.</p>
<p><a href="${alert.confirmUrl}">Switch my rate alert on</a></p>
<p>If you did not ask for this, ignore this e-mail: nothing happens unless the link is used, and it stops working after ${RATE_ALERT_CONFIRM_DAYS} days.</p>
${unsubscribeHtml}`;
    return brandedMail({ subject, title: "Confirm your rate alert", body: { html: body, text }, publicUrl, headers });
  },
);

export const renderRateAlertTriggered = rateAlertMail((parts, { publicUrl, dates }) => {
  const { alert, target, historyUrl, unsubscribeText, unsubscribeHtml, headers } = parts;
  const rate = trimDecimal(alert.triggeredRate ?? alert.target);
  const orderUrl = `${publicUrl}/purchase/${alert.code}/Order`;
  const subject = `Rate alert: 1 GBP now buys ${rate} ${alert.code}`;
  // The mail may be read (or, after retries, sent) long after the alert fired: it dates the rate (docs/features/rates-say-how-old-they-are.md).
  const asOf = alert.triggeredAt ? `${ratesAsOfTime(alert.triggeredAt, dates)}.` : "";
  const text = [
    "Hello,",
    "",
    `Our Click & Collect rate for ${alert.label} (${alert.code}) has reached your target: 1 GBP buys ${rate} ${alert.code} (you asked for at least ${target}).${asOf ? ` ${asOf}` : ""}`,
    `Order at this rate: ${orderUrl}`,
    "Rates move during the day: the order page shows the rate you get before you place the order.",
    "",
    `This alert has now ended. To be told again, set a new alert on ${historyUrl}`,
    unsubscribeText,
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Our Click &amp; Collect rate for ${alert.label} (${alert.code}) has reached your target: <strong>1 GBP buys ${rate} ${alert.code}</strong> (you asked for at least ${target}). ${asOf}</p>
<p><a href="${orderUrl}">Order ${alert.code} at this rate</a></p>
<p>Rates move during the day: the order page shows the rate you get before you place the order.</p>
<p>This alert has now ended. To be told again, set a new alert on the <a href="${historyUrl}">${alert.code} rate history page</a>.</p>
${unsubscribeHtml}`;
  return brandedMail({ subject, title: "Your rate alert", body: { html: body, text }, publicUrl, headers });
});
