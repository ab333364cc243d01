import { eq } from "drizzle-orm";
import { WAY_TITLES } from "@bureau/domain/constants";
import type { DisplayDates } from "@bureau/domain/dates";
import { formatMinor } from "@bureau/domain/money";
import { noteSplitText } from "@bureau/domain/note-text";
import type { Db } from "../../db/client.ts";
import { branches } from "../../db/schema.ts";
import type { OrderLinks } from "../orders/index.ts";
import type { AlertLinks } from "../rate-alerts/index.ts";
import { collectionPassPng } from "../orders/index.ts";
import { loadOrderReceipt } from "../orders/index.ts";
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
  kind: "email-verification" | "password-reset" | "sign-up-existing-account" | "account-closure",
  data: Record<string, unknown>,
  publicUrl: string,
): RenderedMail {
  const url = String(data.url ?? "");
  if (kind === "email-verification") {
    const notMeUrl = String(data.notMeUrl ?? "");
    const subject = "Confirm your e-mail address for Harbour FX";
    const text = [
      "Hello,",
      "",
      "Someone (we hope you) created a Harbour FX account with this e-mail address. To confirm that it is yours, open this link, sign in to the account if asked, and press Confirm my e-mail address:",
      url,
      "",
      "The link works for 24 hours.",
      "",
      "This wasn't me: if you did not create this account, open this link to delete it:",
      notMeUrl,
      "",
      "An account whose address is not confirmed within 7 days is deleted anyway.",
    ].join("\n");
    const body = html`<p>Hello,</p>
<p>Someone (we hope you) created a Harbour FX account with this e-mail address. To confirm that it is yours, open this link, sign in to the account if asked, and press Confirm my e-mail address:</p>
<p><a href="${url}">Confirm my e-mail address</a></p>
<p>The link works for 24 hours.</p>
<p>If you did not create this account: <a href="${notMeUrl}">This wasn't me</a> (it deletes the account).</p>
<p>An account whose address is not confirmed within 7 days is deleted anyway.</p>`;
    return { subject, text, html: layout("Confirm your e-mail address", body, publicUrl) };
  }
  if (kind === "sign-up-existing-account") {
    const signInUrl = String(data.signInUrl ?? "");
    const resetUrl = String(data.resetUrl ?? "");
    const subject = "Someone tried to sign up with your e-mail address";
    const text = [
      "Hello,",
      "",
      "Someone (perhaps you) tried to create a Harbour FX account with this e-mail address. You already have an account, so nothing was created and nothing changed.",
      "",
      `To sign in: ${signInUrl}`,
      `If you forgot your password, choose a new one: ${resetUrl}`,
      "",
      "If this was not you, you can ignore this e-mail.",
    ].join("\n");
    const body = html`<p>Hello,</p>
<p>Someone (perhaps you) tried to create a Harbour FX account with this e-mail address. You already have an account, so nothing was created and nothing changed.</p>
<p><a href="${signInUrl}">Sign in</a> · <a href="${resetUrl}">Forgot your password?</a></p>
<p>If this was not you, you can ignore this e-mail.</p>`;
    return { subject, text, html: layout("You already have an account", body, publicUrl) };
  }
  if (kind === "account-closure") {
    const subject = "Close your Harbour FX account";
    const text = [
      "Hello,",
      "",
      "You asked to close your Harbour FX account. To close it, open this link, sign in if asked, and press Close my account:",
      url,
      "",
      "The link works for 1 hour. Closing deletes your account, its sign-ins and its rate alerts. Your orders are kept for as long as the regulations require, then anonymised.",
      "If you did not ask for this, you can ignore this e-mail: your account stays as it is.",
    ].join("\n");
    const body = html`<p>Hello,</p>
<p>You asked to close your Harbour FX account. To close it, open this link, sign in if asked, and press Close my account:</p>
<p><a href="${url}">Close my account</a></p>
<p>The link works for 1 hour. Closing deletes your account, its sign-ins and its rate alerts. Your orders are kept for as long as the regulations require, then anonymised.</p>
<p>If you did not ask for this, you can ignore this e-mail: your account stays as it is.</p>`;
    return { subject, text, html: layout("Close your account", body, publicUrl) };
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

/** The link that lets a staff member set up their authenticator (modules/users/second-factor-enrolment-link.ts). */
function renderEnrolmentMail(data: Record<string, unknown>, publicUrl: string): RenderedMail {
  const url = String(data.url ?? "");
  const hours = Number(data.validHours ?? 72);
  const subject = "Set up your authenticator for the Harbour FX staff area";
  const text = [
    "Hello,",
    "",
    "Your Harbour FX account has staff access. The staff area asks for a code from an authenticator app; to set yours up, sign in and open this link:",
    url,
    "",
    `The link works for ${hours} hours, for your account only. If you did not expect this, tell the bureau's manager.`,
  ].join("\n");
  const body = html`<p>Hello,</p>
<p>Your Harbour FX account has staff access. The staff area asks for a code from an authenticator app; to set yours up, sign in and open this link:</p>
<p><a href="${url}">Set up my authenticator</a></p>
<p>The link works for ${hours} hours, for your account only. If you did not expect this, tell the bureau's manager.</p>`;
  return { subject, text, html: layout("Set up your authenticator", body, publicUrl) };
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
      dates,
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
  if (
    kind === "email-verification" ||
    kind === "password-reset" ||
    kind === "sign-up-existing-account" ||
    kind === "account-closure"
  )
    return renderAccountMail(kind, data, publicUrl);
  if (kind === "second-factor-enrolment") return renderEnrolmentMail(data, publicUrl);

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
      "You are welcome to place a new order at our current rates.",
      `You can still see this order with its number and your e-mail at ${lookup}`,
    ].join("\n");
    const body = html`<p>Dear ${receipt.fullName},</p>
<p>Your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}, was not collected in time, so it has expired. Nothing is held for you and nothing is owed.</p>
${table}
<p>You are welcome to place a new order at our current rates. You can still see this order with its number and your e-mail at <a href="${lookup}">${lookup}</a>.</p>`;
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
