import { randomInt } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Way } from "@bureau/domain/constants";
import type { OrderReceipt } from "@bureau/domain/contracts/orders";
import {
  DEFAULT_ORDER_LIMITS,
  type OrderLimits,
  orderLimitMessage,
  orderLimitProblem,
} from "@bureau/domain/order-limits";
import { orderNumberFromRandom } from "@bureau/domain/order-number";
import { formatRate, quote as priceQuote } from "@bureau/domain/pricing";
import type { Db } from "../../db/client.ts";
import { branches, currencies, orderLines, orders, quotes } from "../../db/schema.ts";
import { AppError } from "../../lib/app-error.ts";
import { violatedUniqueConstraint } from "../../lib/postgres.ts";
import { enqueueMail } from "../mail/enqueue-mail.ts";
import { loadOrderReceipt, toOrderReceipt } from "./order-receipt.ts";

export type PlaceOrderInput = {
  idempotencyKey: string;
  way: Way;
  lines: { quoteId: string; rate: string; gbpMinor: number; foreignMinor: number }[];
  branch: string;
  customer: { firstName: string; lastName: string; email: string; phone: string };
};

const MAX_ATTEMPTS = 5;

/**
 * Turns quotes into an order in one transaction: every quote must exist, be unexpired, unused, of this
 * way and priced exactly as the customer saw it. The order, its lines (with their rate snapshot) and the
 * "order received" e-mail are committed together or not at all. The idempotency key makes a retried
 * submission return the first order instead of creating a second one.
 */
export async function placeOrder({
  db,
  input,
  limits = DEFAULT_ORDER_LIMITS,
  now = new Date(),
}: {
  db: Db;
  input: PlaceOrderInput;
  limits?: OrderLimits;
  now?: Date;
}): Promise<{ orderId: string; receipt: OrderReceipt; created: boolean }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const quoteIds = input.lines.map((line) => line.quoteId);
        // One statement locks the quotes and gathers everything the checks need (whether a quote is
        // already used, whether this submission already made an order, the chosen branch): placement
        // latency is mostly round trips to the database. Races that slip between this read and the
        // inserts are still caught by the unique constraints (see the catch below).
        const stored = await tx
          .select({
            quote: quotes,
            label: currencies.label,
            used: sql<boolean>`exists (select 1 from ${orderLines} where ${orderLines.quoteId} = ${quotes.id})`,
            sameSubmission: sql<
              string | null
            >`(select ${orders.id} from ${orders} where ${orders.idempotencyKey} = ${input.idempotencyKey})`,
            branch: branches,
          })
          .from(quotes)
          .innerJoin(currencies, eq(currencies.code, quotes.currencyCode))
          .leftJoin(branches, eq(branches.key, input.branch))
          .where(inArray(quotes.id, quoteIds))
          // A fixed lock order: two orders sharing quotes cannot deadlock.
          .orderBy(quotes.id)
          .for("update", { of: quotes });
        const byId = new Map(stored.map((row) => [row.quote.id, row.quote]));
        const labels = new Map(stored.map((row) => [row.quote.currencyCode, row.label]));
        // A retry of this very submission (or a concurrent twin that committed while we waited for the
        // locks) gets the order that exists. Without any known quote, the submission cannot have made an
        // order, so there is nothing to look up.
        if (stored.some((row) => row.sameSubmission !== null)) return { existing: true as const };
        if (stored.some((row) => row.used)) throw quoteUsed();

        for (const line of input.lines) {
          const q = byId.get(line.quoteId);
          if (!q) {
            throw new AppError(
              "quote_invalid",
              "A price in your basket is not one we gave. Please add the currency again.",
              {
                lines: "Unknown quote",
              },
            );
          }
          if (q.way !== input.way) {
            throw new AppError("quote_invalid", "A line in your basket belongs to the other kind of order.", {
              lines: "Wrong way",
            });
          }
          if (q.expiresAt.getTime() <= now.getTime()) {
            throw new AppError(
              "quote_invalid",
              `The rate for ${q.currencyCode} is no longer held (rates are held for 30 minutes). Please add it again.`,
              { lines: "Expired quote" },
            );
          }
          const storedRate = formatRate(q.rate);
          if (storedRate !== line.rate || q.gbpMinor !== line.gbpMinor || q.foreignMinor !== line.foreignMinor) {
            throw new AppError(
              "quote_invalid",
              `The price of ${q.currencyCode} in your basket does not match our quote. Please add it again.`,
              { lines: "Price does not match the quote" },
            );
          }
          // Defence in depth: the stored amounts must follow from the stored rate by the pricing rules.
          const repriced =
            q.way === "Order"
              ? priceQuote({ way: q.way, rate: storedRate, currency: q.currencyCode, gbpMinor: q.gbpMinor })
              : priceQuote({ way: q.way, rate: storedRate, currency: q.currencyCode, foreignMinor: q.foreignMinor });
          if (!repriced.ok || repriced.gbpMinor !== q.gbpMinor || repriced.foreignMinor !== q.foreignMinor) {
            throw new AppError("quote_invalid", "A price in your basket is not valid. Please add the currency again.", {
              lines: "Inconsistent quote",
            });
          }
        }

        // The Click & Collect limits over the whole order (each quote was checked alone, against what the
        // browser said its basket held; only here is the order known).
        let counted = 0;
        for (const line of input.lines) {
          const problem = orderLimitProblem(
            { way: input.way, lineGbpMinor: line.gbpMinor, otherLinesGbpMinor: counted },
            limits,
          );
          if (problem) {
            const message = orderLimitMessage(problem, limits);
            throw new AppError("validation_failed", message, { lines: message });
          }
          counted += line.gbpMinor;
        }

        const branch = stored[0]?.branch;
        if (!branch)
          throw new AppError("validation_failed", "Select the checking point", { branch: "Select the checking point" });

        const total = input.lines.reduce((sum, line) => sum + line.gbpMinor, 0);
        const [order] = await tx
          .insert(orders)
          .values({
            orderNumber: orderNumberFromRandom(() => randomInt(0, 2 ** 32)),
            way: input.way,
            status: "pending",
            firstName: input.customer.firstName,
            lastName: input.customer.lastName,
            email: input.customer.email,
            phone: input.customer.phone,
            branchKey: input.branch,
            totalGbpMinor: total,
            idempotencyKey: input.idempotencyKey,
            createdAt: now,
          })
          .returning();
        if (!order) throw new Error("order insert returned nothing");
        await tx.insert(orderLines).values(
          input.lines.map((line, index) => {
            const q = byId.get(line.quoteId)!;
            return {
              orderId: order.id,
              position: index + 1,
              quoteId: q.id,
              currencyCode: q.currencyCode,
              rate: q.rate,
              marketRate: q.marketRate,
              gbpMinor: q.gbpMinor,
              foreignMinor: q.foreignMinor,
            };
          }),
        );
        await enqueueMail(tx, {
          kind: "order-received",
          dedupeKey: `order-received:${order.id}`,
          to: input.customer.email,
          data: { orderId: order.id },
        });
        const receipt = toOrderReceipt(
          order,
          branch,
          input.lines.map((line, index) => {
            const q = byId.get(line.quoteId)!;
            return { ...q, position: index + 1, label: labels.get(q.currencyCode) ?? q.currencyCode };
          }),
        );
        return { existing: false as const, orderId: order.id, receipt };
      });
      if (outcome.existing) {
        const winner = await findByIdempotencyKey(db, input);
        if (winner) return { ...winner, created: false };
        throw new Error("idempotent order disappeared");
      }
      return { orderId: outcome.orderId, receipt: outcome.receipt, created: true };
    } catch (error) {
      const constraint = violatedUniqueConstraint(error);
      if (constraint === "orders_idempotency_key") {
        // A concurrent retry of the same submission won: answer with its order.
        const winner = await findByIdempotencyKey(db, input);
        if (winner) return { ...winner, created: false };
      }
      if (constraint === "order_lines_quote_key") throw quoteUsed();
      if (constraint === "orders_order_number_key" && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

function quoteUsed() {
  return new AppError(
    "quote_invalid",
    "A price in your basket has already been used for an order. Please add it again.",
    {
      lines: "Quote already used",
    },
  );
}

async function findByIdempotencyKey(
  db: Db,
  input: PlaceOrderInput,
): Promise<{ orderId: string; receipt: OrderReceipt } | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!row) return null;
  const receipt = await loadOrderReceipt(db, row.id);
  if (!receipt) return null;
  const sameOrder =
    receipt.way === input.way &&
    receipt.lines.length === input.lines.length &&
    receipt.email.toLowerCase() === input.customer.email.toLowerCase();
  if (!sameOrder) {
    throw new AppError("conflict", "This submission key was already used for a different order.", {
      idempotencyKey: "Already used",
    });
  }
  return { orderId: row.id, receipt };
}
