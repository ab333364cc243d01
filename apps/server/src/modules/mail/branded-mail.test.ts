import { describe, expect, it } from "vitest";
import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import { displayDates } from "@bureau/domain/dates";
import { collectionDeadline } from "@bureau/domain/collection-deadline";
import { DEFAULT_ORDER_EXPIRY } from "@bureau/domain/order-lifecycle";
import { summariseOpeningHours } from "@bureau/domain/opening-hours";
import type { MailContext } from "./layout.ts";
import type { OrderMailContent } from "./mail-sources.ts";
import { renderMessage } from "./render-mail.ts";

const dates = displayDates("Europe/London");
const placedAt = new Date("2026-11-20T10:00:00Z");
const acceptedAt = new Date("2026-11-21T09:30:00Z");

const receipt: OrderReceipt = {
  orderNumber: "12345678",
  way: "Order",
  status: "accepted",
  fullName: `<script>alert("x")</script> O'Neil & Co`,
  email: "ada@example.com",
  phone: "07700 900123",
  branch: {
    key: "brighton",
    name: "Brighton <b>",
    addressLines: ["1 North Street"],
    postcode: "BN1 1AA",
    phone: "01273 000000",
  },
  lines: [
    {
      position: 1,
      currency: "EUR",
      label: "Euro",
      rate: "1.1500",
      gbpMinor: 20_000,
      foreignMinor: 22_500,
      sterlingBackMinor: 435,
    },
  ],
  totalGbpMinor: 20_000,
  createdAt: placedAt.toISOString(),
};

const hours = [
  { day: "Monday", opens: "09:00", closes: "17:00" },
  { day: "Tuesday", opens: "09:00", closes: "17:00" },
  { day: "Sunday", opens: "10:00", closes: "15:00" },
];

function contextFor(content: OrderMailContent): MailContext {
  return {
    publicUrl: "https://fx.example",
    dates,
    sources: { orderMail: async () => content, rateAlertMail: async () => null },
  };
}

function contentFor(status: "pending" | "accepted" | "cancelled"): OrderMailContent {
  return {
    receipt: { ...receipt, status },
    openingHours: summariseOpeningHours(hours),
    deadline: collectionDeadline(
      { status, createdAt: placedAt, acceptedAt: status === "accepted" ? acceptedAt : null },
      DEFAULT_ORDER_EXPIRY,
    ),
    orderUrl: "https://fx.example/track/abc.def",
    collectionPassPng: async () => Buffer.from("png"),
  };
}

describe("the branded e-mail template", () => {
  it("escapes what the customer typed in the HTML and keeps it as typed in the text", async () => {
    const mail = await renderMessage("order-ready", { orderId: "x" }, contextFor(contentFor("accepted")));
    expect(mail?.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Neil &amp; Co");
    expect(mail?.html).not.toContain("<script>");
    expect(mail?.html).toContain("Brighton &lt;b&gt;");
    expect(mail?.text).toContain(`Dear <script>alert("x")</script> O'Neil & Co,`);
    // One frame for both parts: the brand and the footer.
    expect(mail?.html).toContain(">Harbour FX</div>");
    expect(mail?.text.startsWith("HARBOUR FX\n\nReady for collection\n")).toBe(true);
    expect(mail?.text.trimEnd().endsWith("Harbour FX · https://fx.example")).toBe(true);
  });

  it("gives the collect-by date and the branch's hours in both parts of the ready e-mail", async () => {
    const mail = await renderMessage("order-ready", { orderId: "x" }, contextFor(contentFor("accepted")));
    // Accepted on November 21st at 09:30 (GMT): collected within 4 days.
    const collectBy = "Collect your currency by November 25th, 2026, 09:30.";
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toContain(collectBy);
      expect(part).toContain("Monday to Tuesday 9AM to 5PM");
      expect(part).toContain("Sunday 10AM to 3PM");
      expect(part).toContain("01273 000000");
      expect(part).toContain("1 North Street, BN1 1AA");
    }
    expect(mail?.html).toContain('<a href="tel:01273000000">01273 000000</a>');
  });

  it("tells a pending order's customer how long they will have and when it expires unready", async () => {
    const mail = await renderMessage("order-received", { orderId: "x" }, contextFor(contentFor("pending")));
    const text =
      "Collect your currency within 4 days of our e-mail saying your order is ready. An order that is not ready by November 27th, 2026, 10:00 expires, and nothing is owed.";
    expect(mail?.text).toContain(text);
    expect(mail?.html).toContain(text);
    expect(mail?.text).toContain("Sunday 10AM to 3PM");
  });

  it("gives a closed order no deadline but still the branch to call", async () => {
    const mail = await renderMessage("order-cancelled", { orderId: "x" }, contextFor(contentFor("cancelled")));
    expect(mail?.text).not.toMatch(/Collect your currency/);
    expect(mail?.html).not.toMatch(/Collect your currency/);
    expect(mail?.text).toContain("Opening hours:");
    expect(mail?.html).toContain("<li>Sunday 10AM to 3PM</li>");
  });

  it("shows the collection pass in the e-mails opened at the counter, and the order's page while it is open", async () => {
    // kind, status, carries the collection pass, links the order's signed page
    const kinds = [
      ["order-received", "pending", true, true],
      ["order-amended", "pending", true, true],
      ["order-ready", "accepted", true, true],
      ["order-cancelled", "cancelled", false, true],
      ["order-expired", "cancelled", false, false],
    ] as const;
    for (const [kind, status, pass, orderLink] of kinds) {
      const mail = await renderMessage(kind, { orderId: "x" }, contextFor(contentFor(status)));
      expect(mail?.text.startsWith(`HARBOUR FX\n\n`), kind).toBe(true);
      expect(mail?.text, kind).toContain(`Dear <script>alert("x")</script> O'Neil & Co,`);
      expect(mail?.text.includes("Your collection pass: show the QR code"), kind).toBe(pass);
      expect(mail?.html.includes('<img src="cid:collection-pass@harbour-fx"'), kind).toBe(pass);
      expect(mail?.attachments?.map((image) => image.cid) ?? [], kind).toEqual(
        pass ? ["collection-pass@harbour-fx"] : [],
      );
      expect(mail?.text.includes("See your order at any time: https://fx.example/track/abc.def"), kind).toBe(orderLink);
      expect(mail?.html.includes('<a href="https://fx.example/track/abc.def">'), kind).toBe(orderLink);
      // Every order e-mail ends with the branch card, after the pass and the link.
      const text = mail?.text ?? "";
      expect(text.indexOf("Your branch: Harbour FX"), kind).toBeGreaterThan(text.indexOf("Dear "));
      if (orderLink) expect(text.indexOf("Your branch:"), kind).toBeGreaterThan(text.indexOf("See your order"));
    }
  });

  it("frames the account e-mails the same way, escaping their links", async () => {
    const mail = await renderMessage(
      "password-reset",
      { url: 'https://fx.example/resetPassword?token="><img src=x>' },
      contextFor(contentFor("pending")),
    );
    expect(mail?.html).toContain("&quot;&gt;&lt;img src=x&gt;");
    expect(mail?.html).not.toContain("<img src=x>");
    expect(mail?.text.startsWith("HARBOUR FX\n\nReset your password\n")).toBe(true);
  });
});
