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
import type { CurrencyList } from "@bureau/domain/contracts/reference-data";
import { QUOTES_PAUSED_MESSAGE, quotesPaused } from "@bureau/domain/rate-freshness";
import { counterNotesMessage, counterRatesOf, quoteAtCounter } from "@bureau/domain/counter-trade";
import { type CurrencyPrices, currencyPrices, priceForWay } from "@bureau/domain/pricing";
import { defaultSmallestNoteMinor, quoteInWholeNotes, sellNotesMessage } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/postgres.ts";
import { storeQuote } from "./store-quotes.ts";

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
 *
 * With `cachedCurrencies` (the public list every instance keeps, cleared at once by any change), the
 * line is priced from the cached rates and stored only if the database still holds exactly those rates
 * and margins, in the same statement: one round trip instead of two, and a quote is never made from a
 * rate that is no longer current. When the rates moved (or the currency is not in the list), it is
 * priced again from the database.
 *
 * The cached list also says whether the live provider's refreshes have failed for longer than
 * RATES_PAUSE_ORDERS_AFTER_HOURS: then no quote is made at all (docs/decisions/027), without a query.
 */
export async function createQuote({
  db,
  input,
  limits = DEFAULT_ORDER_LIMITS,
  now = new Date(),
  cachedCurrencies,
  atCounter = false,
}: {
  db: Db;
  input: CreateQuoteInput;
  limits?: OrderLimits;
  now?: Date;
  cachedCurrencies?: () => Promise<CurrencyList>;
  /** A walk-in trade: priced with the currency's counter margins where set (never from the public list). */
  atCounter?: boolean;
}): Promise<Quote> {
  if (cachedCurrencies && !atCounter) {
    const list = await cachedCurrencies();
    if (quotesPaused({ ...list.rates, now })) throw new AppError("service_unavailable", QUOTES_PAUSED_MESSAGE);
    const listed = list.currencies.find((c) => c.code === input.currency);
    if (listed) {
      const prices = {
        rate: listed.rate,
        sell: listed.sell,
        buy: listed.buy,
        collectRate: listed.collectRate,
        sellRate: listed.sellRate,
      };
      const made = await priceAndStore(
        db,
        input,
        limits,
        now,
        { code: listed.code, label: listed.label, smallestNoteMinor: listed.smallestNoteMinor },
        prices,
        true,
      );
      if (made) return made;
    }
  }
  const currency = await currencyToPrice(db, input.currency);
  const made = await priceAndStore(
    db,
    input,
    limits,
    now,
    currency,
    currencyPrices(atCounter ? counterRatesOf(currency) : currency),
    false,
    atCounter,
  );
  if (!made) throw new Error("quote insert stored nothing");
  return made;
}

/** Prices the line (refusing bad amounts and the order limits) and stores it; null when `onlyIfCurrent` found other rates. */
async function priceAndStore(
  db: Db,
  input: CreateQuoteInput,
  limits: OrderLimits,
  now: Date,
  currency: { code: string; label: string; smallestNoteMinor: number },
  prices: CurrencyPrices,
  onlyIfCurrent: boolean,
  atCounter = false,
): Promise<Quote | null> {
  const { rate, margin } = priceForWay(input.way, prices);
  const amount =
    input.gbpMinor !== undefined ? { gbpMinor: input.gbpMinor } : { foreignMinor: input.foreignMinor as number };
  // The pricing rules, then whole notes (packages/domain whole-notes.ts): Click & Collect hands over the
  // largest amount the currency's notes make and gives the rest back in sterling; Click & Sell takes whole
  // notes only (a sterling amount is priced at the whole notes covering it).
  // At the counter: exactly the whole notes asked for, no £10 steps and no sterling back.
  const notes = { way: input.way, rate, currency: currency.code, smallestNoteMinor: currency.smallestNoteMinor };
  const priced = atCounter
    ? quoteAtCounter({ ...notes, foreignMinor: input.foreignMinor ?? 0 })
    : quoteInWholeNotes({ ...notes, ...amount });
  if (!priced.ok && priced.reason === "not_whole_notes") {
    const message = atCounter
      ? counterNotesMessage(currency.code, currency.smallestNoteMinor)
      : sellNotesMessage(currency.code, priced.foreignMinor, currency.smallestNoteMinor);
    throw new AppError("quote_invalid", message, { amount: message });
  }
  if (!priced.ok) {
    throw new AppError(
      "quote_invalid",
      priced.reason === "amount_too_large"
        ? atCounter
          ? "The most one walk-in trade can be is £5,000.00 per currency."
          : "The most we can reserve online is £5,000.00 per currency. Please contact the branch for more."
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
  const { foreignMinor, sterlingBackMinor } = priced;
  const expiresAt = new Date(now.getTime() + QUOTE_LIFETIME_MS);
  const id = randomUUID();
  const stored = await storeQuote(db, {
    id,
    currencyCode: currency.code,
    way: input.way,
    rate: priced.rate,
    marketRate: prices.rate,
    margin,
    gbpMinor: priced.gbpMinor,
    foreignMinor,
    sterlingBackMinor,
    createdAt: now,
    expiresAt,
    pricedFrom: onlyIfCurrent ? { sellMargin: prices.sell, buyMargin: prices.buy } : null,
  });
  if (!stored) return null;
  return {
    id,
    currency: currency.code,
    label: currency.label,
    way: input.way,
    rate: priced.rate,
    gbpMinor: priced.gbpMinor,
    foreignMinor,
    sterlingBackMinor,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  };
}

/** An active currency as quotes price it: its rate, online and counter margins, and smallest note. */
export type CurrencyToPrice = {
  code: string;
  label: string;
  rate: string;
  sellMargin: string;
  buyMargin: string;
  counterSellMargin: string | null;
  counterBuyMargin: string | null;
  smallestNoteMinor: number;
};

/**
 * Reads an active currency to price a quote with (a raw statement on this hot path: a quote per basket
 * line), or refuses with 404 when we do not offer it. Its smallest note is the domain table's default
 * where staff have not set one.
 */
export async function currencyToPrice(db: Db, code: string): Promise<CurrencyToPrice> {
  const [currency] = await queryRows<
    Omit<CurrencyToPrice, "smallestNoteMinor"> & {
      smallestNoteMinor: string | number | null;
    }
  >(
    db,
    sql`select code, label, rate::text as rate, sell_margin::text as "sellMargin", buy_margin::text as "buyMargin",
          counter_sell_margin::text as "counterSellMargin", counter_buy_margin::text as "counterBuyMargin",
          smallest_note_minor as "smallestNoteMinor"
        from currencies where code = ${code} and active`,
  );
  if (!currency) throw new AppError("not_found", `We do not offer ${code}.`, { currency: "Unknown currency" });
  const smallestNoteMinor =
    currency.smallestNoteMinor === null ? defaultSmallestNoteMinor(currency.code) : Number(currency.smallestNoteMinor);
  return { ...currency, smallestNoteMinor };
}
