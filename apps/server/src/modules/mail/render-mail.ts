import { eq } from "drizzle-orm";
import { WAY_TITLES } from "@bureau/domain/constants";
import type { DisplayDates } from "@bureau/domain/dates";
import { formatMinor } from "@bureau/domain/money";
import { noteSplitText } from "@bureau/domain/note-text";
import type { Db } from "../../db/client.ts";
import { branches } from "../../db/schema.ts";
import type { OrderLinks } from "../orders/order-links.ts";
import type { AlertLinks } from "../rate-alerts/alert-links.ts";
import { collectionPassPng } from "../orders/collection-pass.ts";
import { loadOrderReceipt } from "../orders/order-receipt.ts";
import type { MailKind } from "./enqueue-mail.ts";
import { type Html, html } from "./html.ts";
import { renderRateAlertMail } from "./render-rate-alert-mail.ts";

/** `headers`: extra message headers a kind needs (the alert e-mails' List-Unsubscribe). */
/** An image the HTML shows by `cid:` (an inline attachment): mail clients display it without fetching. */
export type InlineImage = { filename: string; content: Buffer; cid: string; contentType: string };
export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: InlineImage[];
};

const PASS_CID = "collection-pass@harbour-fx";

const ID_REMINDER =
  "Please bring a valid passport, or a full UK or European photo driving licence, or a European national ID card, and the payment card in the name on the order.";
const ADDRESS_REMINDER = "We may ask for proof of address dated within the past 90 days.";
const RATE_GUARANTEE = "Your rate is guaranteed for 24 hours once your order has reached the store.";

function layout(title: string, body: Html, publicUrl: string): string {
  return html`<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title></head>
<body style="font-family:Arial,sans-serif;color:#14213d;line-height:1.5">
<h1 style="color:#0b3954">${title}</h1>${body}
<p style="color:#4a5568;font-size:13px">Harbour FX · <a href="${publicUrl}">${publicUrl}</a></p>
</body></html>`.value;
}

/**
 * The account e-mails: the link is built by the server (modules/users/account-mail.ts) and stored in
 * the outbox with the message; it is the only thing in them besides the fixed text.
 */
function renderAccountMail(
  kind: "email-verification" | "password-reset",
  data: Record<string, unknown>,
  publicUrl: string,
): RenderedMail {
  const url = String(data.url ?? "");
  if (kind === "email-verification") {
    const subject = "Confirm your e-mail address for Harbour FX";
    const text = [
      "Hello,",
      "",
      "Please confirm that this is your e-mail address by opening this link:",
      url,
      "",
      "The link works for 24 hours. If you did not create a Harbour FX account, you can ignore this e-mail.",
    ].join("\n");
    const body = html`<p>Hello,</p>
<p>Please confirm that this is your e-mail address:</p>
<p><a href="${url}">Confirm my e-mail address</a></p>
<p>The link works for 24 hours. If you did not create a Harbour FX account, you can ignore this e-mail.</p>`;
    return { subject, text, html: layout("Confirm your e-mail address", body, publicUrl) };
  }
  const subject = "Reset your Harbour FX password";
  const text = [
    "Hello,",
    "",
    "Someone (we hope you) asked to reset the password of your Harbour FX account. To choose a new password, open this link:",
    url,
    "",
    "The link works once, for 1 hour. Setting a new password signs your account out everywhere else.",
    "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Someone (we hope you) asked to reset the password of your Harbour FX account.</p>
<p><a href="${url}">Choose a new password</a></p>
<p>The link works once, for 1 hour. Setting a new password signs your account out everywhere else.</p>
<p>If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>`;
  return { subject, text, html: layout("Reset your password", body, publicUrl) };
}

/**
 * Renders an outbox message. Order e-mails are rendered from the database at send time (the outbox
 * keeps only the order id), so the e-mail always matches the stored order.
 */
export async function renderMail(
  db: Db,
  kind: MailKind,
  data: Record<string, unknown>,
  {
    publicUrl,
    orderLinks,
    alertLinks,
    dates,
  }: { publicUrl: string; orderLinks: OrderLinks; alertLinks: AlertLinks; dates: DisplayDates },
): Promise<RenderedMail | null> {
  if (kind === "rate-alert-confirm" || kind === "rate-alert-triggered") {
    return renderRateAlertMail(db, kind, data, {
      publicUrl,
      alertLinks,
      layout: (title, body) => layout(title, body, publicUrl),
    });
  }
  if (kind === "contact-to-support") {
    const subject = `Contact form: ${String(data.name ?? "").slice(0, 80)}`;
    const text = `Name: ${data.name}\nEmail: ${data.email}\nPhone: ${data.phone ?? "-"}\n\n${data.message}`;
    const body = html`<p><strong>Name:</strong> ${data.name}<br><strong>Email:</strong> ${data.email}<br><strong>Phone:</strong> ${data.phone ?? "-"}</p>
<p style="white-space:pre-wrap">${data.message}</p>`;
    return { subject, text, html: layout("Contact form message", body, publicUrl) };
  }
  if (kind === "email-verification" || kind === "password-reset") return renderAccountMail(kind, data, publicUrl);

  const orderId = String(data.orderId);
  const receipt = await loadOrderReceipt(db, orderId);
  if (!receipt) return null;
  // Every order e-mail opens the order page straight away (signed; works while the order is open).
  const orderUrl = orderLinks.urlFor(orderId);
  const trackText = `See your order at any time: ${orderUrl}`;
  const trackHtml = html`<p><a href="${orderUrl}">See your order ${receipt.orderNumber}</a> (status, branch, opening hours; you can cancel it there while it is not yet collected).</p>`;
  const [branch] = await db.select().from(branches).where(eq(branches.key, receipt.branch.key));
  const address = [...receipt.branch.addressLines, receipt.branch.postcode].join(", ");
  const hours = (branch?.hours ?? []).map((h) => `${h.day} ${h.opens}–${h.closes}`);
  const lines = receipt.lines.map((line) => {
    const gbp = formatMinor(line.gbpMinor, "GBP");
    const foreign = formatMinor(line.foreignMinor, line.currency);
    // Click & Collect hands over notes and gives the rest back in sterling, as the confirmation says.
    const notes = noteSplitText(line.foreignMinor, line.sterlingBackMinor, line.currency);
    return receipt.way === "Order"
      ? { currency: `${line.currency} ${line.label}`, from: gbp, to: notes, rate: line.rate }
      : { currency: `${line.currency} ${line.label}`, from: foreign, to: gbp, rate: line.rate };
  });
  const table = html`<table style="border-collapse:collapse" cellpadding="6" border="1">
<thead><tr><th>Currency</th><th>From</th><th>To</th><th>Rate</th></tr></thead>
<tbody>${lines.map((l) => html`<tr><td>${l.currency}</td><td>${l.from}</td><td>${l.to}</td><td>${l.rate}</td></tr>`)}</tbody></table>`;
  const textLines = lines.map((l) => `  ${l.currency}: ${l.from} → ${l.to} at ${l.rate}`).join("\n");
  const way = WAY_TITLES[receipt.way];
  const placed = dates.longDate(receipt.createdAt);

  // The collection pass staff scan at the counter (a QR code with no personal data), in the two e-mails
  // a customer opens at the counter: received and ready.
  const passImage = async (): Promise<InlineImage[]> => [
    {
      filename: `collection-pass-${receipt.orderNumber}.png`,
      content: await collectionPassPng({ links: orderLinks, orderId }),
      cid: PASS_CID,
      contentType: "image/png",
    },
  ];
  const passText = `Your collection pass: show the QR code in this e-mail at the counter, or give your order number ${receipt.orderNumber}.`;
  const passHtml = html`<h2>Your collection pass</h2>
<p><img src="cid:${PASS_CID}" width="200" height="200" alt="Collection pass QR code for order ${receipt.orderNumber}"></p>
<p>Show this code at the counter, or give your order number <strong>${receipt.orderNumber}</strong>.</p>`;

  if (kind === "order-received") {
    const subject = `We have received your ${way} order ${receipt.orderNumber}`;
    const next =
      receipt.way === "Order"
        ? "We will e-mail you again as soon as your currency is ready for collection."
        : "We will e-mail you when the branch is ready to buy your currency.";
    const text = [
      `Dear ${receipt.fullName},`,
      "",
      `Thank you for your ${way} order ${receipt.orderNumber}, placed on ${placed}.`,
      textLines,
      `Total: ${formatMinor(receipt.totalGbpMinor, "GBP")}`,
      `Pickup location: ${receipt.branch.name}, ${address}`,
      "",
      next,
      receipt.way === "Order"
        ? `${ID_REMINDER} ${ADDRESS_REMINDER}`
        : "We buy notes only (no coins); notes are checked in the branch.",
      "",
      passText,
      "",
      trackText,
    ].join("\n");
    const body = html`<p>Dear ${receipt.fullName},</p>
<p>Thank you for your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}.</p>
${table}
<p><strong>Total:</strong> ${formatMinor(receipt.totalGbpMinor, "GBP")}<br><strong>Pickup location:</strong> ${receipt.branch.name}, ${address}</p>
<p>${next}</p>
<p>${receipt.way === "Order" ? `${ID_REMINDER} ${ADDRESS_REMINDER}` : "We buy notes only (no coins); notes are checked in the branch."}</p>
${passHtml}
${trackHtml}`;
    return { subject, text, html: layout("Order received", body, publicUrl), attachments: await passImage() };
  }

  if (kind === "order-cancelled") {
    const subject = `Your order ${receipt.orderNumber} has been cancelled`;
    const text = [
      `Dear ${receipt.fullName},`,
      "",
      `Your ${way} order ${receipt.orderNumber}, placed on ${placed}, has been cancelled. Nothing is held for you and nothing is owed.`,
      textLines,
      "",
      `If you did not ask for this, please call our ${receipt.branch.name} branch on ${receipt.branch.phone}.`,
      "",
      trackText,
    ].join("\n");
    const body = html`<p>Dear ${receipt.fullName},</p>
<p>Your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}, has been cancelled. Nothing is held for you and nothing is owed.</p>
${table}
<p>If you did not ask for this, please call our ${receipt.branch.name} branch on ${receipt.branch.phone}.</p>
${trackHtml}`;
    return { subject, text, html: layout("Order cancelled", body, publicUrl) };
  }

  if (kind === "order-expired") {
    // The order is closed, so its signed link no longer opens it: the lookup still does.
    const lookup = `${publicUrl}/track`;
    const subject = `Your order ${receipt.orderNumber} has expired`;
    const text = [
      `Dear ${receipt.fullName},`,
      "",
      `Your ${way} order ${receipt.orderNumber}, placed on ${placed}, was not collected in time, so it has expired. Nothing is held for you and nothing is owed.`,
      textLines,
      "",
      "You are welcome to place a new order at today's rates.",
      `You can still see this order with its number and your e-mail at ${lookup}`,
    ].join("\n");
    const body = html`<p>Dear ${receipt.fullName},</p>
<p>Your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}, was not collected in time, so it has expired. Nothing is held for you and nothing is owed.</p>
${table}
<p>You are welcome to place a new order at today's rates. You can still see this order with its number and your e-mail at <a href="${lookup}">${lookup}</a>.</p>`;
    return { subject, text, html: layout("Order expired", body, publicUrl) };
  }

  // order-ready
  const subject = `Your order ${receipt.orderNumber} is ready at ${receipt.branch.name}`;
  const text = [
    `Dear ${receipt.fullName},`,
    "",
    `Your ${way} order ${receipt.orderNumber} is ready at our ${receipt.branch.name} branch: ${address} (phone ${receipt.branch.phone}).`,
    textLines,
    "",
    "Opening hours:",
    ...hours.map((h) => `  ${h}`),
    "",
    ID_REMINDER,
    ADDRESS_REMINDER,
    RATE_GUARANTEE,
    "",
    passText,
    "",
    trackText,
  ].join("\n");
  const body = html`<p>Dear ${receipt.fullName},</p>
<p>Your ${way} order <strong>${receipt.orderNumber}</strong> is ready at our ${receipt.branch.name} branch: ${address} (phone ${receipt.branch.phone}).</p>
${table}
<h2>Opening hours</h2><ul>${hours.map((h) => html`<li>${h}</li>`)}</ul>
<p>${ID_REMINDER}</p><p>${ADDRESS_REMINDER}</p><p><strong>${RATE_GUARANTEE}</strong></p>
${passHtml}
${trackHtml}`;
  return { subject, text, html: layout("Ready for collection", body, publicUrl), attachments: await passImage() };
}
