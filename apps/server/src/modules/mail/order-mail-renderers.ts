import { WAY_TITLES } from "@bureau/domain/constants";
import { formatMinor } from "@bureau/domain/money";
import { noteSplitText } from "@bureau/domain/note-text";
import { collectionDeadlineText } from "@bureau/domain/collection-deadline";
import { type Html, html } from "./html.ts";
import {
  brandedMail,
  type InlineImage,
  type MailContext,
  type MailRenderer,
  type MailSection,
  type RenderedMail,
} from "./layout.ts";
import type { OrderMailContent } from "./mail-sources.ts";

const PASS_CID = "collection-pass@harbour-fx";

const ID_REMINDER =
  "Please bring a valid passport, or a full UK or European photo driving licence, or a European national ID card, and the payment card in the name on the order.";
const ADDRESS_REMINDER = "We may ask for proof of address dated within the past 90 days.";
const RATE_GUARANTEE = "Your rate is guaranteed for 24 hours once your order has reached the store.";

/** The parts every order e-mail shares, made from the order as stored. */
type OrderMailParts = OrderMailContent & {
  way: string;
  placed: string;
  address: string;
  table: Html;
  textLines: string;
  trackText: string;
  trackHtml: Html;
  /** The branch's address, phone and opening hours, and the collect-by date while the order is open. */
  branchSection: MailSection;
};

/** Every order e-mail ends with where to go and by when: the branch card and the collect-by date. */
function branchSection({ receipt, openingHours, deadline }: OrderMailContent, { dates }: MailContext): MailSection {
  const address = [...receipt.branch.addressLines, receipt.branch.postcode].join(", ");
  const by = deadline ? collectionDeadlineText(deadline, receipt.way, dates) : null;
  const text = [
    ...(by ? [by, ""] : []),
    `Your branch: Harbour FX ${receipt.branch.name}`,
    `  ${address}`,
    `  Phone: ${receipt.branch.phone}`,
    "  Opening hours:",
    ...openingHours.map((line) => `    ${line}`),
  ].join("\n");
  const tel = `tel:${receipt.branch.phone.replace(/[^0-9+]/g, "")}`;
  const htmlPart = html`${by ? html`<p style="background:#eef6fb;padding:10px 12px;border-left:4px solid #0b3954"><strong>${by}</strong></p>` : ""}
<h2 style="font-size:18px;color:#0b3954">Your branch</h2>
<p><strong>Harbour FX ${receipt.branch.name}</strong><br>${address}<br>Phone: <a href="${tel}">${receipt.branch.phone}</a></p>
<p style="margin-bottom:4px"><strong>Opening hours</strong></p><ul style="margin-top:0">${openingHours.map((line) => html`<li>${line}</li>`)}</ul>`;
  return { html: htmlPart, text };
}

function orderMailParts(content: OrderMailContent, context: MailContext): OrderMailParts {
  const { dates } = context;
  const { receipt, orderUrl } = content;
  const lines = receipt.lines.map((line) => {
    const gbp = formatMinor(line.gbpMinor, "GBP");
    const foreign = formatMinor(line.foreignMinor, line.currency);
    // Click & Collect hands over notes and gives the rest back in sterling, as the confirmation says.
    const notes = noteSplitText(line.foreignMinor, line.sterlingBackMinor, line.currency);
    return receipt.way === "Order"
      ? { currency: `${line.currency} ${line.label}`, from: gbp, to: notes, rate: line.rate }
      : { currency: `${line.currency} ${line.label}`, from: foreign, to: gbp, rate: line.rate };
  });
  return {
    ...content,
    way: WAY_TITLES[receipt.way],
    placed: dates.longDate(receipt.createdAt),
    address: [...receipt.branch.addressLines, receipt.branch.postcode].join(", "),
    table: html`<table style="border-collapse:collapse" cellpadding="6" border="1">
<thead><tr><th>Currency</th><th>From</th><th>To</th><th>Rate</th></tr></thead>
<tbody>${lines.map((l) => html`<tr><td>${l.currency}</td><td>${l.from}</td><td>${l.to}</td><td>${l.rate}</td></tr>`)}</tbody></table>`,
    textLines: lines.map((l) => `  ${l.currency}: ${l.from} → ${l.to} at ${l.rate}`).join("\n"),
    // Every order e-mail opens the order page straight away (signed; works while the order is open).
    trackText: `See your order at any time: ${orderUrl}`,
    trackHtml: html`<p><a href="${orderUrl}">See your order ${receipt.orderNumber}</a> (status, branch, opening hours; you can cancel it there while it is not yet collected).</p>`,
    branchSection: branchSection(content, context),
  };
}

/** An order kind's renderer: its outbox data is `{ orderId }`, the order is loaded by the orders area. */
function orderMail(render: (parts: OrderMailParts, context: MailContext) => Promise<RenderedMail>): MailRenderer {
  return async (data, context) => {
    const content = await context.sources.orderMail(String(data.orderId));
    return content && render(orderMailParts(content, context), context);
  };
}

// The collection pass staff scan at the counter (a QR code with no personal data), in the two e-mails a
// customer opens at the counter: received and ready.
const passText = ({ receipt }: OrderMailParts) =>
  `Your collection pass: show the QR code in this e-mail at the counter, or give your order number ${receipt.orderNumber}.`;
const passHtml = ({ receipt }: OrderMailParts) => html`<h2>Your collection pass</h2>
<p><img src="cid:${PASS_CID}" width="200" height="200" alt="Collection pass QR code for order ${receipt.orderNumber}"></p>
<p>Show this code at the counter, or give your order number <strong>${receipt.orderNumber}</strong>.</p>`;
const passImage = async ({ receipt, collectionPassPng }: OrderMailParts): Promise<InlineImage[]> => [
  {
    filename: `collection-pass-${receipt.orderNumber}.png`,
    content: await collectionPassPng(),
    cid: PASS_CID,
    contentType: "image/png",
  },
];

/** What the order reads as stored: its lines, its total and where it is collected, in text and in HTML. */
function orderSummary({ receipt, address, table, textLines }: OrderMailParts): { text: string; html: Html } {
  const total = formatMinor(receipt.totalGbpMinor, "GBP");
  return {
    text: [textLines, `Total: ${total}`, `Pickup location: ${receipt.branch.name}, ${address}`].join("\n"),
    html: html`${table}
<p><strong>Total:</strong> ${total}<br><strong>Pickup location:</strong> ${receipt.branch.name}, ${address}</p>`,
  };
}

/**
 * The frame every order e-mail shares around its own paragraphs: the greeting, then the collection pass where the
 * customer will show it at the counter, the order page's link while the order is open, and the branch card.
 */
async function orderMailOf(
  parts: OrderMailParts,
  publicUrl: string,
  mail: { subject: string; title: string; text: string[]; html: Html; collectionPass: boolean; orderLink: boolean },
): Promise<RenderedMail> {
  const { receipt } = parts;
  const text = [
    `Dear ${receipt.fullName},`,
    "",
    ...mail.text,
    ...(mail.collectionPass ? ["", passText(parts)] : []),
    ...(mail.orderLink ? ["", parts.trackText] : []),
  ].join("\n");
  const body = html`<p>Dear ${receipt.fullName},</p>
${mail.html}${mail.collectionPass ? html`\n${passHtml(parts)}` : ""}${mail.orderLink ? html`\n${parts.trackHtml}` : ""}`;
  return brandedMail({
    subject: mail.subject,
    title: mail.title,
    body: { html: body, text },
    sections: [parts.branchSection],
    publicUrl,
    ...(mail.collectionPass ? { attachments: await passImage(parts) } : {}),
  });
}

export const renderOrderReceived = orderMail((parts, { publicUrl }) => {
  const { receipt, way, placed } = parts;
  const summary = orderSummary(parts);
  const next =
    receipt.way === "Order"
      ? "We will e-mail you again as soon as your currency is ready for collection."
      : "We will e-mail you when the branch is ready to buy your currency.";
  const bring =
    receipt.way === "Order"
      ? `${ID_REMINDER} ${ADDRESS_REMINDER}`
      : "We buy notes only (no coins); notes are checked in the branch.";
  return orderMailOf(parts, publicUrl, {
    subject: `We have received your ${way} order ${receipt.orderNumber}`,
    title: "Order received",
    text: [
      `Thank you for your ${way} order ${receipt.orderNumber}, placed on ${placed}.`,
      summary.text,
      "",
      next,
      bring,
    ],
    html: html`<p>Thank you for your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}.</p>
${summary.html}
<p>${next}</p>
<p>${bring}</p>`,
    collectionPass: true,
    orderLink: true,
  });
});

/**
 * The order as amended by its customer (docs/features/amend-order.md): its lines, total and branch as they
 * now stand, rendered at send time from the stored order like every order e-mail. Each amendment sends
 * its own (outbox dedupe key `order-amended:<amendmentId>`).
 */
export const renderOrderAmended = orderMail((parts, { publicUrl }) => {
  const { receipt, way, placed } = parts;
  const summary = orderSummary(parts);
  const callUs = `If you did not ask for this, please call our ${receipt.branch.name} branch on ${receipt.branch.phone}.`;
  return orderMailOf(parts, publicUrl, {
    subject: `Your ${way} order ${receipt.orderNumber} has been amended`,
    title: "Order amended",
    text: [
      `Your ${way} order ${receipt.orderNumber}, placed on ${placed}, has been amended as you asked. It now reads:`,
      summary.text,
      "",
      callUs,
    ],
    html: html`<p>Your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}, has been amended as you asked. It now reads:</p>
${summary.html}
<p>${callUs}</p>`,
    collectionPass: true,
    orderLink: true,
  });
});

export const renderOrderCancelled = orderMail((parts, { publicUrl }) => {
  const { receipt, way, placed, table, textLines } = parts;
  const callUs = `If you did not ask for this, please call our ${receipt.branch.name} branch on ${receipt.branch.phone}.`;
  return orderMailOf(parts, publicUrl, {
    subject: `Your order ${receipt.orderNumber} has been cancelled`,
    title: "Order cancelled",
    text: [
      `Your ${way} order ${receipt.orderNumber}, placed on ${placed}, has been cancelled. Nothing is held for you and nothing is owed.`,
      textLines,
      "",
      callUs,
    ],
    html: html`<p>Your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}, has been cancelled. Nothing is held for you and nothing is owed.</p>
${table}
<p>${callUs}</p>`,
    collectionPass: false,
    orderLink: true,
  });
});

export const renderOrderExpired = orderMail((parts, { publicUrl }) => {
  const { receipt, way, placed, table, textLines } = parts;
  // The order is closed, so its signed link no longer opens it: the lookup still does.
  const lookup = `${publicUrl}/track`;
  return orderMailOf(parts, publicUrl, {
    subject: `Your order ${receipt.orderNumber} has expired`,
    title: "Order expired",
    text: [
      `Your ${way} order ${receipt.orderNumber}, placed on ${placed}, was not collected in time, so it has expired. Nothing is held for you and nothing is owed.`,
      textLines,
      "",
      "You are welcome to place a new order at our current rates.",
      `You can still see this order with its number and your e-mail at ${lookup}`,
    ],
    html: html`<p>Your ${way} order <strong>${receipt.orderNumber}</strong>, placed on ${placed}, was not collected in time, so it has expired. Nothing is held for you and nothing is owed.</p>
${table}
<p>You are welcome to place a new order at our current rates. You can still see this order with its number and your e-mail at <a href="${lookup}">${lookup}</a>.</p>`,
    collectionPass: false,
    orderLink: false,
  });
});

export const renderOrderReady = orderMail((parts, { publicUrl }) => {
  const { receipt, way, address, table, textLines } = parts;
  const where = `our ${receipt.branch.name} branch: ${address} (phone ${receipt.branch.phone})`;
  return orderMailOf(parts, publicUrl, {
    subject: `Your order ${receipt.orderNumber} is ready at ${receipt.branch.name}`,
    title: "Ready for collection",
    text: [
      `Your ${way} order ${receipt.orderNumber} is ready at ${where}.`,
      textLines,
      "",
      ID_REMINDER,
      ADDRESS_REMINDER,
      RATE_GUARANTEE,
    ],
    html: html`<p>Your ${way} order <strong>${receipt.orderNumber}</strong> is ready at ${where}.</p>
${table}
<p>${ID_REMINDER}</p><p>${ADDRESS_REMINDER}</p><p><strong>${RATE_GUARANTEE}</strong></p>`,
    collectionPass: true,
    orderLink: true,
  });
});
