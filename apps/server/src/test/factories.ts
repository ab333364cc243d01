import { randomInt, randomUUID } from "node:crypto";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import type { Db } from "../db/client.ts";
import { orderLines, orders, quotes } from "../db/schema.ts";

/** Inserts an order with one EUR line straight into the database; override any field. */
export async function createOrder(
  db: Db,
  overrides: Partial<typeof orders.$inferInsert> & { status?: OrderStatus; gbpMinor?: number; currency?: string } = {},
) {
  const { gbpMinor = 25_000, currency = "EUR", ...orderOverrides } = overrides;
  const [quote] = await db
    .insert(quotes)
    .values({
      currencyCode: currency,
      way: orderOverrides.way ?? "Order",
      rate: "1.1232",
      marketRate: "1.152",
      margin: "-2.5",
      gbpMinor,
      foreignMinor: Math.floor((gbpMinor * 11232) / 10000),
      expiresAt: new Date(Date.now() + 30 * 60_000),
    })
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber: String(randomInt(10_000_000, 100_000_000)),
      way: "Order",
      status: "pending",
      firstName: "Grace",
      lastName: "Hopper",
      email: "grace@example.com",
      phone: "07700 900789",
      branchKey: "worthing",
      totalGbpMinor: gbpMinor,
      idempotencyKey: randomUUID(),
      ...orderOverrides,
    })
    .returning();
  await db.insert(orderLines).values({
    orderId: order!.id,
    position: 1,
    quoteId: quote!.id,
    currencyCode: currency,
    rate: quote!.rate,
    marketRate: quote!.marketRate,
    gbpMinor,
    foreignMinor: quote!.foreignMinor,
  });
  return order!;
}

/** A valid handover for completing a Click & Collect order: a passport valid for years, the card matching. */
export const collectHandover = {
  idType: "passport",
  idNumberLast4: "1234",
  idExpiresOn: "2099-12-31",
  cardMatchesName: true,
} as const;

/** A valid handover for completing a Click & Sell order: a passport, and what was received per currency. */
export const saleHandover = (
  received: { currency: string; notes?: { valueMinor: number; count: number }[]; amountMinor?: number }[],
  differenceReason?: string,
) => ({
  idType: "passport",
  idNumberLast4: "1234",
  idExpiresOn: "2099-12-31",
  received,
  ...(differenceReason ? { differenceReason } : {}),
});

let customers = 0;
/**
 * An e-mail and phone of one customer alone (createOrder's default identity is shared by every order
 * that does not give its own): orders sharing either are one customer to the due-diligence and risk rules.
 */
export function uniqueCustomer(): { email: string; phone: string } {
  customers += 1;
  const n = String(customers).padStart(5, "0");
  return { email: `customer${n}.${Date.now()}@example.com`, phone: `07700 9${n}` };
}
