import { randomInt, randomUUID } from "node:crypto";
import type { OrderStatus } from "@bureau/domain/contracts/orders";
import type { Db } from "../db/client.ts";
import { branches, orderLines, orders, quotes, stockCurrencies, stockNotes, tills } from "../db/schema.ts";

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

/**
 * A valid handover for completing a Click & Collect order: a passport valid for years, the card
 * matching, paid by card (the amount left to the order's own sterling).
 */
export const collectHandover = {
  idType: "passport",
  idNumberLast4: "1234",
  idExpiresOn: "2099-12-31",
  cardMatchesName: true,
  payment: { method: "card" },
} as const;

/** A valid handover for completing a Click & Sell order: a passport, what was received per currency, paid in cash. */
export const saleHandover = (
  received: { currency: string; notes?: { valueMinor: number; count: number }[]; amountMinor?: number }[],
  differenceReason?: string,
) => ({
  idType: "passport",
  idNumberLast4: "1234",
  idExpiresOn: "2099-12-31",
  received,
  ...(differenceReason ? { differenceReason } : {}),
  payment: { method: "cash" },
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

/**
 * Opens a till for a staff member at each branch (or the ones given), with no float, straight in the
 * database: completing an order needs one (issue 33), and tests about other things should not have to
 * count a float first. The till's own tests open theirs through the API.
 */
export async function openTillsFor(db: Db, staff: { userId: string; email: string }, branchKeys?: string[]) {
  const keys = branchKeys ?? (await db.select({ key: branches.key }).from(branches)).map((row) => row.key);
  if (keys.length === 0) return;
  await db
    .insert(tills)
    .values(
      keys.map((branchKey) => ({
        branchKey,
        cashierId: staff.userId,
        cashierEmail: staff.email,
        status: "open" as const,
        openedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
}

/**
 * The branch tracks `currency` (so a till there counts it and orders reserve its notes), with the notes
 * given in stock: added where the branch has none of a denomination yet, or with `reset`, set to exactly
 * that count with nothing reserved.
 */
export async function trackCurrency(
  db: Db,
  branchKey: string,
  currency: string,
  notes: readonly { valueMinor: number; count: number }[],
  { reset = false }: { reset?: boolean } = {},
) {
  await db
    .insert(stockCurrencies)
    .values({ branchKey, currencyCode: currency, tracked: true })
    .onConflictDoUpdate({ target: [stockCurrencies.branchKey, stockCurrencies.currencyCode], set: { tracked: true } });
  for (const note of notes) {
    const row = { branchKey, currencyCode: currency, denominationMinor: note.valueMinor, count: note.count };
    const insert = db.insert(stockNotes).values(row);
    await (reset
      ? insert.onConflictDoUpdate({
          target: [stockNotes.branchKey, stockNotes.currencyCode, stockNotes.denominationMinor],
          set: { count: note.count, reserved: 0 },
        })
      : insert.onConflictDoNothing());
  }
}
