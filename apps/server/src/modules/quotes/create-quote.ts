import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { QUOTE_LIFETIME_MS, type Way } from "@bureau/domain/constants";
import type { Quote } from "@bureau/domain/contracts/orders";
import {
  DEFAULT_ORDER_LIMITS,
  type OrderLimits,
  orderLimitMessage,
  orderLimitProblem,
} from "@bureau/domain/order-limits";
import { currencyPrices, priceForWay, quote } from "@bureau/domain/pricing";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";

export type CreateQuoteInput = {
  currency: string;
  way: Way;
  gbpMinor?: number | undefined;
  foreignMinor?: number | undefined;
  /** What the customer's basket already holds of this way, so that the order maximum is told at once. */
  basketGbpMinor?: number | undefined;
};

/**
 * Prices one line on the server with the current rate and stores the result for 30 minutes: the rate
 * and amounts the customer sees are exactly what an order made from this quote will carry.
 */
export async function createQuote({
  db,
  input,
  limits = DEFAULT_ORDER_LIMITS,
  now = new Date(),
}: {
  db: Db;
  input: CreateQuoteInput;
  limits?: OrderLimits;
  now?: Date;
}): Promise<Quote> {
  // Raw statements on this hot path (a quote per basket line): two round trips, nothing read back.
  const [currency] = await queryRows<{
    code: string;
    label: string;
    rate: string;
    sellMargin: string;
    buyMargin: string;
  }>(
    db,
    sql`select code, label, rate::text as rate, sell_margin::text as "sellMargin", buy_margin::text as "buyMargin"
        from currencies where code = ${input.currency} and active`,
  );
  if (!currency)
    throw new AppError("not_found", `We do not offer ${input.currency}.`, { currency: "Unknown currency" });

  const prices = currencyPrices(currency);
  const { rate, margin } = priceForWay(input.way, prices);
  const amount =
    input.gbpMinor !== undefined ? { gbpMinor: input.gbpMinor } : { foreignMinor: input.foreignMinor as number };
  const priced = quote({ way: input.way, rate, currency: currency.code, ...amount });
  if (!priced.ok) {
    throw new AppError(
      "quote_invalid",
      priced.reason === "amount_too_large"
        ? "The most we can reserve online is £5,000.00 per currency. Please contact the branch for more."
        : "Please give correct amount",
      {
        amount:
          priced.reason === "amount_too_large" ? "Amount is above the online limit" : "Please give correct amount",
      },
    );
  }
  // After "Please give correct amount" (0 and negatives), the Click & Collect limits, on the rounded
  // amount the customer would pay. Placing the order checks the whole order again.
  const problem = orderLimitProblem(
    { way: input.way, lineGbpMinor: priced.gbpMinor, otherLinesGbpMinor: input.basketGbpMinor ?? 0 },
    limits,
  );
  if (problem) {
    const message = orderLimitMessage(problem, limits);
    throw new AppError("validation_failed", message, { amount: message });
  }
  const expiresAt = new Date(now.getTime() + QUOTE_LIFETIME_MS);
  const id = randomUUID();
  await db.execute(sql`
    insert into quotes (id, currency_code, way, rate, market_rate, margin, gbp_minor, foreign_minor, created_at, expires_at)
    values (${id}, ${currency.code}, ${input.way}, ${priced.rate}, ${prices.rate}, ${margin}, ${priced.gbpMinor},
      ${priced.foreignMinor}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)`);
  return {
    id,
    currency: currency.code,
    label: currency.label,
    way: input.way,
    rate: priced.rate,
    gbpMinor: priced.gbpMinor,
    foreignMinor: priced.foreignMinor,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}
