import { randomUUID } from "node:crypto";
import { guaranteedSell, type NotGuaranteedReason } from "@bureau/domain/buyback-guarantee";
import { QUOTE_LIFETIME_MS } from "@bureau/domain/constants";
import { counterRatesOf } from "@bureau/domain/counter-trade";
import type { Quote } from "@bureau/domain/contracts/orders";
import { displayDates } from "@bureau/domain/dates";
import { currencyPrices } from "@bureau/domain/pricing";
import { isWholeNotesAmount, sellNotesMessage } from "@bureau/domain/whole-notes";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { currencyToPrice, storeQuote } from "../quotes/index.ts";
import { loadGuarantee } from "./buyback-guarantee.ts";

/**
 * A Click & Sell line under a buy-back guarantee, priced by the server from the stored guaranteed order
 * (never from a rate the browser sends): the whole notes of it up to what is left, at the original rate
 * (packages/domain buyback-guarantee.ts guaranteedSell). The quote names the guaranteed order, so its
 * placement uses the guarantee; what the amount asked for goes beyond it is told as `restMinor`, to be
 * priced at the day's rate in an ordinary line.
 */
export async function createBuybackQuote({
  db,
  guaranteedOrderId,
  input,
  now = new Date(),
  timeZone,
  atCounter = false,
}: {
  db: Db;
  guaranteedOrderId: string;
  input: { currency: string; foreignMinor?: number | undefined };
  now?: Date;
  timeZone: string;
  /** A walk-in sale: the day's rate it is compared with is the counter's (its margins where set). */
  atCounter?: boolean;
}): Promise<Quote> {
  const guarantee = await loadGuarantee(db, guaranteedOrderId);
  if (!guarantee) throw new AppError("not_found", "This order has no buy-back guarantee.");
  const held = guarantee.currencies.find((c) => c.currency === input.currency);
  if (!held) {
    const message =
      guarantee.currencies.length === 0
        ? "The buy-back guarantee starts when you collect your notes."
        : `The buy-back guarantee of order ${guarantee.orderNumber} is for ${guarantee.currencies.map((c) => c.currency).join(", ")} only.`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  const currency = await currencyToPrice(db, input.currency);
  const { smallestNoteMinor } = currency;
  const foreignMinor = input.foreignMinor ?? 0;
  if (!isWholeNotesAmount(foreignMinor, smallestNoteMinor)) {
    const message = sellNotesMessage(input.currency, foreignMinor, smallestNoteMinor);
    throw new AppError("quote_invalid", message, { amount: message });
  }
  const prices = currencyPrices(atCounter ? counterRatesOf(currency) : currency);
  const sold = guaranteedSell({ guarantee: held, foreignMinor, currentRate: prices.sellRate, smallestNoteMinor, now });
  if (sold.reason) {
    const message = notGuaranteedMessage(sold.reason, held.until, timeZone);
    throw new AppError("validation_failed", message, { amount: message });
  }
  const expiresAt = new Date(now.getTime() + QUOTE_LIFETIME_MS);
  const id = randomUUID();
  await storeQuote(db, {
    id,
    currencyCode: input.currency,
    way: "Sell",
    rate: sold.rate,
    marketRate: prices.rate,
    margin: prices.buy,
    gbpMinor: sold.guaranteedGbpMinor,
    foreignMinor: sold.guaranteedMinor,
    sterlingBackMinor: 0,
    createdAt: now,
    expiresAt,
    pricedFrom: null,
    buybackOrderId: guaranteedOrderId,
  });
  return {
    id,
    currency: input.currency,
    label: currency.label,
    way: "Sell",
    rate: sold.rate,
    gbpMinor: sold.guaranteedGbpMinor,
    foreignMinor: sold.guaranteedMinor,
    sterlingBackMinor: 0,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
    buyback: { orderNumber: guarantee.orderNumber, restMinor: sold.restMinor },
  };
}

function notGuaranteedMessage(reason: NotGuaranteedReason, until: Date, timeZone: string): string {
  switch (reason) {
    case "expired":
      return `This buy-back guarantee ended on ${displayDates(timeZone).longDate(until)}.`;
    case "used":
      return "Nothing is left of this buy-back guarantee in whole notes.";
    case "rate-not-better":
      return "Today's rate is as good as your guaranteed rate: sell without the guarantee.";
  }
}
